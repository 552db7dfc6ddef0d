class Quiz: pass
