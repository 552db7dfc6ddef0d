"""The README's launch command: ``python3 tasks.py apps --class GAME=N`` for a teacher."""

import json
import os

import pytest

import tasks


def test_a_class_gets_preheated_kernels_for_its_game_and_no_refill_during_the_lesson():
    args, size = tasks.voila_arguments(["--class", "yukon=30", "--port=9000"])
    assert size == 30
    pools = json.loads(args[0].split("=", 1)[1])
    assert pools == {"default": {"pool_size": 1}, "yukon.ipynb": {"pool_size": 30}}
    assert args[1] == f"--VoilaKernelManager.fill_delay={tasks.CLASS_REFILL_SECONDS}"
    assert args[2] == "--port=9000"          # other arguments go to Voila untouched


def test_the_equals_form_works_too():
    assert tasks.voila_arguments(["--class=quinto=5"])[1] == 5


def test_the_kernels_talk_over_unix_sockets_as_the_benchmarks_do():
    # Over TCP, kernels started together can be given the same port and one dies; tasks.py
    # (which runs before the package is installed) says the same as cardgames.voila_process.
    from cardgames.voila_process import KERNEL_ARGUMENTS

    assert tasks.KERNEL_ARGUMENTS == KERNEL_ARGUMENTS


def test_without_a_class_the_arguments_pass_through():
    assert tasks.voila_arguments(["--port=9000"]) == (["--port=9000"], 0)


@pytest.mark.parametrize("args", [["--class"], ["--class="], ["--class", "chess=3"],
                                  ["--class", "yukon=0"], ["--class", "yukon=x"],
                                  ["--class", "yukon=201"], ["--class", "yukon"],
                                  ["--class", "yukon=²"]])
def test_a_bad_class_says_what_is_allowed(args):
    with pytest.raises(ValueError) as error:
        tasks.voila_arguments(args)
    message = str(error.value)
    assert "GAME=N" in message and "yukon=30" in message


def test_bad_class_stops_before_installing_anything(capsys, monkeypatch):
    monkeypatch.setattr(tasks, "install", lambda extra: pytest.fail("installed"))
    assert tasks.apps(["--class", "chess=3"]) == 2
    assert "guinote, pip_pip, pippins_aplenty, quinto, yukon" in capsys.readouterr().out


@pytest.mark.parametrize("given, ip, port", [
    ([], "--Voila.ip=127.0.0.1", "--port=8866"),
    (["--port", "8899"], "--Voila.ip=127.0.0.1", "--port=8899"),
    (["--Voila.port=8899"], "--Voila.ip=127.0.0.1", "--port=8899"),
    (["--Voila.ip=0.0.0.0"], "--Voila.ip=0.0.0.0", "--port=8866"),
    (["--ip", "0.0.0.0", "--port=9000"], "--Voila.ip=0.0.0.0", "--port=9000"),
    (["--ip=0.0.0.0"], "--Voila.ip=0.0.0.0", "--port=8866"),
    (["--Voila.ip", "0.0.0.0", "--Voila.port", "9000"], "--Voila.ip=0.0.0.0", "--port=9000"),
])
def test_the_address_and_port_given_replace_the_defaults(given, ip, port):
    # Issue 20: `apps --port 8899` and `--Voila.ip=0.0.0.0` replace tasks.py's defaults (Voila
    # refuses a trait given twice: "port only accepts one value"). Voila has no --ip: tasks.py
    # writes every spelling as --Voila.ip=X. tests/test_server.py starts a real server with
    # two of them (a port and an address each given apart; no port, so the default or the next).
    command = tasks.server_command(tasks.voila_arguments(given)[0])
    assert [a for a in command if "ip=" in a and "transport" not in a] == [ip]
    assert [a for a in command if a.startswith("--port")] == [port]


def test_a_person_s_page_is_drawn_before_the_next_kernel_runs_its_notebook():
    # `apps` refills a game's preheated kernel 10 s after a page takes it (Voila's 1 s ran the
    # next notebook beside the page being drawn); `--class` keeps its own ten minutes, and a
    # refill delay given by hand is passed on alone (Voila refuses a trait given twice).
    fills = lambda command: [a for a in command if a.startswith(tasks.FILL_DELAY)]  # noqa: E731
    assert fills(tasks.server_command([])) == [f"{tasks.FILL_DELAY}={tasks.PAGE_REFILL_SECONDS}"]
    assert tasks.PAGE_REFILL_SECONDS == 10
    assert fills(tasks.server_command(tasks.voila_arguments(["--class", "yukon=30"])[0])) == \
        [f"{tasks.FILL_DELAY}={tasks.CLASS_REFILL_SECONDS}"]
    assert fills(tasks.server_command([f"{tasks.FILL_DELAY}=3"])) == [f"{tasks.FILL_DELAY}=3"]


def test_a_port_or_address_without_its_value_says_so():
    with pytest.raises(ValueError, match="--port needs a value"):
        tasks.voila_arguments(["--port", "--ip=0.0.0.0"])


def test_the_idle_time_is_the_teachers_to_set():
    args, _ = tasks.voila_arguments(["--idle-minutes", "90"])
    assert args == ["--ClassroomKernelManager.idle_minutes=90"]
    with pytest.raises(ValueError, match="1 to 1440"):
        tasks.voila_arguments(["--idle-minutes=٩٠"])


def test_the_template_is_found_from_the_checkout_as_the_tests_find_it():
    from cardgames.voila_process import voila_environment

    assert tasks.server_environment()["JUPYTER_PATH"].split(os.pathsep)[0] == \
        voila_environment()["JUPYTER_PATH"].split(os.pathsep)[0]
    assert (tasks.ROOT / "share/jupyter/voila/templates/cardgames/conf.json").exists()


def test_tasks_test_installs_redis_server_or_says_the_redis_tests_will_be_skipped(capsys, monkeypatch):
    # Not root (or no apt-get): nothing is installed, and the message says what to install.
    monkeypatch.setattr(tasks.shutil, "which", lambda name: None)
    monkeypatch.setattr(tasks.Path, "exists", lambda self: False)
    monkeypatch.setattr(tasks.os, "geteuid", lambda: 1000)
    monkeypatch.setattr(tasks, "run", lambda *a, **k: pytest.fail("ran a command"))
    tasks.ensure_redis()
    assert "Debian's 'redis-server' package" in capsys.readouterr().out
    # As root with apt-get: Debian's package, its own service not started.
    ran = []
    monkeypatch.setattr(tasks.shutil, "which", lambda name: "/usr/bin/apt-get" if name == "apt-get" else None)
    monkeypatch.setattr(tasks.os, "geteuid", lambda: 0)
    monkeypatch.setattr(tasks, "run", lambda *a, **k: ran.append((a, k.get("env", {}))))
    tasks.ensure_redis()
    assert ran[-1][0][-1] == "redis-server" and ran[-1][1]["RUNLEVEL"] == "1"


def test_the_teacher_s_key_is_given_or_made_and_never_on_the_server_s_command_line():
    # Issue 43: `apps` makes a random teacher's key at start or takes --teacher-key KEY; the key
    # reaches the server's kernels in its environment, not in a command line others can read.
    args, _ = tasks.voila_arguments(["--teacher-key", "class-4b-key", "--port=9000"])
    assert tasks.teacher_key(args) == "class-4b-key"
    command = tasks.server_command(args)
    assert not any("class-4b-key" in a for a in command)
    assert command[1:3] == ["-m", "cardgames.apps_server"]
    assert tasks.server_environment("class-4b-key")["CARDGAMES_TEACHER_KEY"] == "class-4b-key"
    made = tasks.teacher_key(tasks.voila_arguments([])[0])
    assert len(made) >= 20 and made != tasks.teacher_key([])
    with pytest.raises(ValueError, match="--teacher-key: give 8 to 64 letters"):
        tasks.voila_arguments(["--teacher-key", "short"])
