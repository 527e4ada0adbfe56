"""tansuo.budget.Watchdog: once close() has returned, the watchdog never fires."""

import threading

from tansuo.budget import Watchdog


def test_a_close_between_the_check_and_the_firing_wins():
    # the poll answers "stop" only after the search has closed the watchdog: the
    # moment a close lands between the thread's check and its firing
    gate = threading.Event()
    fired = []
    holder: dict[str, Watchdog] = {}

    def poll() -> bool:
        gate.wait(5)
        holder["watchdog"].close()
        return True

    watchdog = Watchdog(lambda: fired.append(1), poll=poll)
    holder["watchdog"] = watchdog
    gate.set()
    watchdog.join(5)
    assert fired == [] and watchdog.reason is None


def test_a_poll_that_asks_to_stop_fires_once():
    fired = []
    watchdog = Watchdog(lambda: fired.append(1), poll=lambda: True)
    watchdog.join(5)
    watchdog.close()
    assert fired == [1] and watchdog.reason == "stopped"
