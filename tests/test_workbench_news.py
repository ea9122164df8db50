"""A poll that waits for news of its job (`workbench.news`) wakes when a record moves on,
not when its wait runs out, and misses no news that came between its look and its wait."""

from __future__ import annotations

import threading
import time

from pontoon_rules.workbench import news
from pontoon_rules.workbench.jobs import Record


def test_a_record_that_moves_on_is_news() -> None:
    record = Record("j1", "key", ("edge",))
    seen = news.news()
    record.moved()
    assert record.version == 1 and news.news() != seen


def test_a_wait_wakes_at_the_news_not_at_its_end() -> None:
    seen = news.news()
    threading.Timer(0.05, news.moved).start()
    began = time.monotonic()
    news.wait_news(seen, 30.0)
    assert news.news() != seen
    assert time.monotonic() - began < 15.0  # woken by the news, not the 30 s timeout


def test_news_between_the_look_and_the_wait_is_not_missed() -> None:
    seen = news.news()
    news.moved()  # after the look, before the wait
    began = time.monotonic()
    news.wait_news(seen, 30.0)
    assert time.monotonic() - began < 15.0


def test_a_wait_without_news_ends_at_its_timeout() -> None:
    began = time.monotonic()
    news.wait_news(news.news(), 0.05)
    news.wait_news(news.news(), -1.0)  # a wait already past its end returns at once
    assert time.monotonic() - began < 15.0
