"""The sources a rule's words cite, set apart from the words a player reads.

The game modules word a refusal as the rule book does and cite where the rule comes from:
"only the side that won the last trick may declare (S3: 'the team that has the lead may
declare')", "... until the next card is played (RULES.md P-A2)". A player reads the sentence; the
citation stays for whoever asks where the rule comes from (``IllegalAction.source``, a tooltip).
:func:`split_source` takes the citations out of a sentence: a bracket that opens with a source's
code (``S3``, ``HOB``, ``PRON``, ``GODOT``, ``L40``, ``PAR-Q``, ``RULES.md ...``) or that holds
nothing but an option's name (``(joker_lead_next_card_sets_suit)``).
"""

from __future__ import annotations

import re

__all__ = ["split_source", "SOURCE_CODES"]

#: The codes of the rule texts (docs/RULES.md lists them), as they open a citation.
SOURCE_CODES = ("RULES.md", "S0", "S1", "S2", "S3", "S4", "HOB", "PRON", "GODOT", "L40", "ACA",
                "PAR-", "HER-", "HOF", "PAG-", "GR-", "PLANAS")

_CODE = "|".join(re.escape(code) + ("" if code.endswith("-") else r"\b") for code in SOURCE_CODES)
#: " (S3: 'quoted words')", " (RULES.md G-A7)", " (HOB)", " (joker_lead_next_card_sets_suit)"
_CITATION = re.compile(r"\s*\((?:(?:%s)(?:[^()']|'[^']*')*|[a-z]+(?:_[a-z0-9]+)+)\)" % _CODE)


def split_source(text: str) -> tuple[str, str]:
    """``text`` without its citations, and the citations (joined by "; ", '' if none)."""
    if "(" not in text:
        return text, ""
    found = [m.group(0).strip()[1:-1] for m in _CITATION.finditer(text)]
    if not found:
        return text, ""
    words = _CITATION.sub("", text)
    return words, "; ".join(found)
