"""Per-key state of the strawberry reference server: request statistics, bearer tokens, persisted queries, data.

A key is chosen by the client: the realm of `/secure/{realm}/...`, the key of `/flaky/{key}/...`, or else the
`X-Test-Key` request header. Keys share one namespace. Nothing here is global across keys, so tests running in
parallel never see each other's counters. Everything runs on the server's single event loop, so plain dicts suffice.
"""

from __future__ import annotations

import base64
import json
import time
from dataclasses import dataclass, field

from seed_data import StoreRegistry


@dataclass
class KeyStats:
    """What `GET /control/stats/{key}` reports."""

    requests: int = 0
    refreshes: int = 0
    attempt_times: list[float] = field(default_factory=list)
    status_counts: dict[str, int] = field(default_factory=dict)
    last_headers: dict[str, str] = field(default_factory=dict)
    last_body: bytes | None = None
    last_method: str | None = None
    last_path: str | None = None
    last_query_string: str | None = None
    batch_sizes: list[int] = field(default_factory=list)

    def record(self, scope: dict, body: bytes) -> int:
        """Counts one request arriving now; returns its 1-based number for this key."""
        self.requests += 1
        self.attempt_times.append(time.monotonic())
        headers: dict[str, str] = {}
        for raw_name, raw_value in scope["headers"]:
            name, value = raw_name.decode("latin-1").lower(), raw_value.decode("latin-1")
            headers[name] = f"{headers[name]}, {value}" if name in headers else value
        self.last_headers = headers
        self.last_body = body or None
        self.last_method = scope["method"]
        self.last_path = scope["path"]
        self.last_query_string = scope["query_string"].decode("utf-8", errors="replace")
        size = _batch_size(scope["method"], body)
        if size is not None:
            self.batch_sizes.append(size)
        return self.requests

    def record_status(self, status: int) -> None:
        self.status_counts[str(status)] = self.status_counts.get(str(status), 0) + 1

    def to_json(self, key: str, realm: RealmAuth | None) -> dict:
        parsed_body = None
        if self.last_body:
            try:
                parsed_body = json.loads(self.last_body)
            except ValueError:
                parsed_body = None
        return {
            "key": key,
            "requests": self.requests,
            "refreshes": self.refreshes,
            "attemptTimes": self.attempt_times,
            "statusCounts": self.status_counts,
            "lastHeaders": self.last_headers,
            "lastBody": parsed_body,
            "lastBodyBase64": base64.b64encode(self.last_body).decode() if self.last_body else None,
            "lastMethod": self.last_method,
            "lastPath": self.last_path,
            "lastQueryString": self.last_query_string,
            "batchSizes": self.batch_sizes,
            "currentToken": realm.current_token if realm and realm.valid else None,
        }


def _batch_size(method: str, body: bytes) -> int | None:
    """The number of operations of a batch (a POST whose body is a JSON array), or None for any other request."""
    if method != "POST" or not body.lstrip().startswith(b"["):
        return None
    try:
        parsed = json.loads(body)
    except ValueError:
        return None
    return len(parsed) if isinstance(parsed, list) else None


@dataclass
class RealmAuth:
    """Bearer tokens of one `/secure/{realm}`: `token-0` at first, `token-N+1` after the N+1th refresh."""

    number: int = 0
    valid: bool = True

    @property
    def current_token(self) -> str:
        return f"token-{self.number}"

    def accepts(self, authorization: str | None) -> bool:
        return self.valid and authorization == f"Bearer {self.current_token}"

    def refresh(self) -> str:
        self.number += 1
        self.valid = True
        return self.current_token

    def expire(self) -> str:
        self.valid = False
        return self.current_token


class HarnessState:
    def __init__(self) -> None:
        self.stats: dict[str, KeyStats] = {}
        self.realms: dict[str, RealmAuth] = {}
        self.persisted_queries: dict[str | None, dict[str, str]] = {}
        self.stores = StoreRegistry()

    def stats_for(self, key: str) -> KeyStats:
        return self.stats.setdefault(key, KeyStats())

    def realm(self, name: str) -> RealmAuth:
        return self.realms.setdefault(name, RealmAuth())

    def persisted(self, key: str | None) -> dict[str, str]:
        return self.persisted_queries.setdefault(key, {})

    def stats_json(self, key: str) -> dict:
        return self.stats.get(key, KeyStats()).to_json(key, self.realms.get(key))

    def reset(self, key: str) -> None:
        self.stats.pop(key, None)
        self.realms.pop(key, None)
        self.persisted_queries.pop(key, None)
        self.stores.reset(key)
