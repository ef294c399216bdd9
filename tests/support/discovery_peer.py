"""One end of a discovery test, run in its own network namespace (``ip netns exec NS python
tests/support/discovery_peer.py MODE ...``) by tests/net/test_discovery.py.

    announce ADDR NAME CODE SEATS LANG PORT   an Announcer on ADDR; stdin: "update N",
                                              "withdraw", "close"
    browse ADDR                               a Browser on ADDR; stdin: "rooms" (a JSON line)
    raw ADDR RECORDS_JSON                     zeroconf itself registers each record (a list of
                                              [instance, {key: value}, port]) unchecked, as a
                                              stranger on the network might
    unavailable                               Browsers and an Announcer where discovery cannot
                                              work; prints one JSON line of what they did

Each command is answered with one line. The peer ends on "close", at the end of its input, or
after ``LIFETIME`` seconds, whichever comes first, closing what it opened.
"""

from __future__ import annotations

import dataclasses
import json
import select
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from zeroconf import ServiceInfo

from blueprints3d.net import discovery

LIFETIME = 60.0


def say(line: str) -> None:
    print(line, flush=True)


def commands(deadline: float):
    """The lines read from stdin until "close", its end, or ``deadline``."""
    while (left := deadline - time.monotonic()) > 0:
        ready, _, _ = select.select([sys.stdin], [], [], min(left, 1.0))
        if not ready:
            continue
        line = sys.stdin.readline()
        if not line or line.strip() == "close":
            return
        if line.split():
            yield line.split()


def announce(address: str, name: str, code: str, seats: str, lang: str, port: str) -> None:
    ad = discovery.RoomAd(name, code, int(seats), lang, int(port))
    announcer = discovery.Announcer(ad, interfaces=[address])
    say("ready")
    for words in commands(time.monotonic() + LIFETIME):
        start = time.perf_counter()
        if words[0] == "update":
            announcer.update(seats_free=int(words[1]))
        elif words[0] == "withdraw":
            announcer.withdraw()
        say(json.dumps({"seconds": time.perf_counter() - start, "reason": announcer.reason}))
    announcer.close()
    announcer.join(5.0)


def browse(address: str) -> None:
    """A browser; its answer also names every service it looked up ("heard"), so a test knows
    a record was read and judged, not just missed."""
    heard: set[str] = set()
    judge = discovery.room_from_info

    def hearing(info: ServiceInfo) -> discovery.NearbyRoom | None:
        heard.add(info.name)
        return judge(info)

    discovery.room_from_info = hearing
    browser = discovery.Browser(interfaces=[address])
    say("ready")
    for _words in commands(time.monotonic() + LIFETIME):
        rooms = [dataclasses.asdict(room) | {"url": room.url} for room in browser.rooms()]
        say(json.dumps({"rooms": rooms, "reason": browser.reason, "heard": sorted(heard)}))
    browser.close()
    browser.join(5.0)


def raw(address: str, records: str) -> None:
    from zeroconf import Zeroconf

    zc = Zeroconf(interfaces=[address])
    infos = [
        ServiceInfo(
            discovery.SERVICE_TYPE,
            f"{instance}.{discovery.SERVICE_TYPE}",
            port=port,
            properties={key: value.encode("latin-1") for key, value in properties.items()},
            server=f"stranger-{index}.local.",
            parsed_addresses=[address],
        )
        for index, (instance, properties, port) in enumerate(json.loads(records))
    ]
    try:
        # All at once: one by one, each waits out its probes (some seconds in all).
        with ThreadPoolExecutor(max_workers=len(infos)) as pool:
            list(pool.map(zc.register_service, infos))
        say("ready")
        for _words in commands(time.monotonic() + LIFETIME):
            say("ok")
    finally:
        zc.close()


def timed(call: Callable[[], object]) -> tuple[object, float]:
    start = time.perf_counter()
    result = call()
    return result, time.perf_counter() - start


def unavailable() -> None:
    """Where discovery cannot work: how long each call took, what rooms() said within a
    second, and whether every worker ended."""
    report: dict[str, object] = {}
    ad = discovery.RoomAd("Ann", "CODE123", 2, "en", 8765)
    makers: dict[str, Callable[[], discovery.Browser | discovery.Announcer]] = {
        "browser_all": lambda: discovery.Browser(),
        "browser_bad_address": lambda: discovery.Browser(interfaces=["203.0.113.9"]),
        "announcer_all": lambda: discovery.Announcer(ad),
        "announcer_bad_address": lambda: discovery.Announcer(ad, interfaces=["203.0.113.9"]),
    }
    for key, make in makers.items():
        worker, start_s = timed(make)
        assert isinstance(worker, discovery.Browser | discovery.Announcer)
        seen: list[object] = []
        deadline = time.monotonic() + 1.0
        while time.monotonic() < deadline:
            if isinstance(worker, discovery.Browser):
                seen.append(worker.rooms())
            else:
                worker.update(seats_free=1)
            time.sleep(0.05)
        _, close_s = timed(worker.close)
        ended = worker.join(5.0)
        report[key] = {
            "start_s": start_s,
            "close_s": close_s,
            "ended": ended,
            "seen": [rooms for rooms in seen if rooms],
            "reason": worker.reason,
        }
    say(json.dumps(report))


if __name__ == "__main__":
    modes: dict[str, Callable[..., None]] = {
        "announce": announce,
        "browse": browse,
        "raw": raw,
        "unavailable": unavailable,
    }
    modes[sys.argv[1]](*sys.argv[2:])
