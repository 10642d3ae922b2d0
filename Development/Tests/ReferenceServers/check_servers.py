"""Starts both reference servers and checks every documented behaviour over real HTTP.

    .venv/bin/python Tests/ReferenceServers/check_servers.py

A developer's tool for changing the servers; the Swift test suite covers what the Swift code relies on.
"""

from __future__ import annotations

import hashlib
import http.client
import io
import json
import os
import subprocess
import sys
import threading
import time
import urllib.parse
from pathlib import Path

HERE = Path(__file__).resolve().parent
USERS_QUERY = "{ users { id name email role followerCount } }"
FAILURES: list[str] = []
PASSED = 0


def start(app: str) -> tuple[subprocess.Popen, int]:
    process = subprocess.Popen(
        [sys.executable, str(HERE / app), "--port", "0", "--parent-pid", str(os.getpid())],
        stdout=subprocess.PIPE,
        text=True,
    )
    line = process.stdout.readline()
    assert line.startswith("LISTENING "), f"{app} printed {line!r}"
    return process, int(line.split()[1])


class Client:
    def __init__(self, port: int) -> None:
        self.port = port

    def request(self, method: str, path: str, body=None, headers: dict | None = None):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        headers = dict(headers or {})
        if isinstance(body, (dict, list)):
            body = json.dumps(body).encode()
            headers.setdefault("content-type", "application/json")
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        data = response.read()
        connection.close()
        return response.status, {name.lower(): value for name, value in response.getheaders()}, data

    def graphql(self, query: str, path: str = "/graphql", variables=None, headers=None, **extra):
        return self.request("POST", path, {"query": query, "variables": variables, **extra}, headers)

    def get_graphql(self, path: str = "/graphql", headers=None, **params):
        encoded = {
            name: json.dumps(value) if isinstance(value, (dict, list)) else value for name, value in params.items()
        }
        return self.request("GET", f"{path}?{urllib.parse.urlencode(encoded)}", headers=headers)

    def stats(self, key: str) -> dict:
        return json.loads(self.request("GET", f"/control/stats/{key}")[2])


def check(name: str, condition: bool, detail: object = "") -> None:
    global PASSED
    if condition:
        PASSED += 1
    else:
        FAILURES.append(f"{name}: {detail}")
        print(f"FAIL {name}: {detail}")


def check_graphql_common(client: Client, label: str) -> None:
    status, headers, body = client.graphql(USERS_QUERY)
    check(f"{label} users", status == 200 and b'"followerCount":9007199254740993' in body.replace(b" ", b""), body)
    check(f"{label} json type", headers["content-type"] == "application/json", headers)
    status, headers, body = client.graphql(
        "{ user(id: \"1\") { name secret } failing }", headers={"accept": "application/graphql-response+json"}
    )
    result = json.loads(body)
    paths = sorted(error["path"] for error in result["errors"])
    check(f"{label} partial data", result["data"] == {"user": {"name": "Ada Lovelace", "secret": None},
                                                      "failing": None}, result)
    check(f"{label} error paths", paths == [["failing"], ["user", "secret"]], result)
    status, _, body = client.graphql("{ user(id: \"1\") { name strictSecret } }")
    check(f"{label} null propagation", json.loads(body)["data"] == {"user": None}, body)
    status, _, body = client.graphql("mutation { createUser(name: \"Kay\") { id role email } }",
                                     headers={"x-test-key": f"{label}-mutation"})
    check(f"{label} createUser", json.loads(body)["data"]["createUser"]["role"] == "MEMBER", body)
    status, _, body = client.graphql("mutation { updateProduct(id: \"2\", priceCents: 1) { priceCents owner { id } } }",
                                     headers={"x-test-key": f"{label}-mutation"})
    check(f"{label} updateProduct", json.loads(body)["data"]["updateProduct"] == {"priceCents": 1,
                                                                                   "owner": {"id": "2"}}, body)
    status, _, body = client.graphql("{ products { id title priceCents owner { id } } }")
    check(f"{label} products isolated per key", b'"priceCents": 1,' not in body and b"9900" in body, body)
    status, _, body = client.graphql("{ slow(delayMs: 50) }")
    check(f"{label} slow", json.loads(body)["data"] == {"slow": "done"}, body)
    status, _, body = client.graphql("{ nope }")
    print(f"  {label} validation error: {status} {body[:160]!r}")
    status, _, body = client.graphql("{ users { id ")
    print(f"  {label} syntax error: {status} {body[:160]!r}")
    status, headers, body = client.get_graphql(query=USERS_QUERY)
    print(f"  {label} GET query: {status} {headers.get('content-type')} {body[:60]!r}")
    status, headers, body = client.get_graphql(query="mutation { createUser(name: \"X\") { id } }")
    print(f"  {label} GET mutation: {status} {headers.get('allow')} {body[:120]!r}")
    status, headers, body = client.request("POST", "/graphql", b"{not json", {"content-type": "application/json"})
    print(f"  {label} bad JSON: {status} {headers.get('content-type')} {body[:120]!r}")
    status, headers, body = client.request("POST", "/graphql", b"query", {"content-type": "text/plain"})
    print(f"  {label} text/plain body: {status} {headers.get('content-type')} {body[:120]!r}")
    status, headers, body = client.request("PUT", "/graphql", {"query": "{ failing }"})
    print(f"  {label} PUT: {status} {headers.get('content-type')} {body[:120]!r}")
    status, headers, body = client.graphql(USERS_QUERY, headers={"accept": "application/graphql-response+json"})
    print(f"  {label} accept graphql-response+json: {status} {headers.get('content-type')}")
    status, headers, body = client.graphql("{ nope }", headers={"accept": "application/graphql-response+json"})
    print(f"  {label} validation error, graphql-response+json: {status} {body[:100]!r}")
    status, headers, body = client.graphql("{ user(id: 1) { id } }", variables=None)
    print(f"  {label} Int literal for ID: {status} {body[:100]!r}")
    status, _, body = client.request("GET", "/health")
    check(f"{label} health", status == 200 and body == b"ok", body)


def check_content_negotiation(client: Client) -> None:
    cases = {
        None: "application/json",
        "application/graphql-response+json": "application/graphql-response+json",
        "application/graphql-response+json, application/json;q=0.9": "application/graphql-response+json",
        "application/json, application/graphql-response+json": "application/json",
        "application/json;q=0.5, application/graphql-response+json": "application/graphql-response+json",
        "*/*": "application/json",
    }
    for accept, expected in cases.items():
        _, headers, _ = client.graphql("{ failing }", headers={"accept": accept} if accept else {})
        check(f"accept {accept}", headers["content-type"] == expected, headers["content-type"])


def check_persisted_queries(client: Client) -> None:
    query = "{ user(id: \"2\") { name } }"
    digest = hashlib.sha256(query.encode()).hexdigest()
    extensions = {"persistedQuery": {"version": 1, "sha256Hash": digest}}
    for method in ("POST", "GET"):
        key = {"x-test-key": f"apq-{method}"}
        if method == "POST":
            miss = client.request("POST", "/graphql", {"extensions": extensions}, key)
        else:
            miss = client.get_graphql(extensions=extensions, headers=key)
        check(f"APQ {method} miss", miss[0] == 200 and json.loads(miss[2]) == {"errors": [
            {"message": "PersistedQueryNotFound", "extensions": {"code": "PERSISTED_QUERY_NOT_FOUND"}}]}, miss)
        if method == "POST":
            register = client.graphql(query, extensions=extensions, headers=key)
            hit = client.request("POST", "/graphql", {"extensions": extensions}, key)
        else:
            register = client.get_graphql(query=query, extensions=extensions, headers=key)
            hit = client.get_graphql(extensions=extensions, headers=key)
        expected = {"data": {"user": {"name": "Grace Hopper"}}}
        check(f"APQ {method} register", json.loads(register[2]) == expected, register)
        check(f"APQ {method} hit", hit[0] == 200 and json.loads(hit[2]) == expected, hit)
    other = client.request("POST", "/graphql", {"extensions": extensions}, {"x-test-key": "apq-other"})
    check("APQ cache is per key", b"PersistedQueryNotFound" in other[2], other)
    wrong = {"persistedQuery": {"version": 1, "sha256Hash": "0" * 64}}
    mismatch = client.graphql(query, extensions=wrong)
    check("APQ mismatch", mismatch[0] == 400 and json.loads(mismatch[2]) == {
        "errors": [{"message": "provided sha does not match query"}]}, mismatch)
    mutation = "mutation { createUser(name: \"Via GET\") { id } }"
    mutation_digest = hashlib.sha256(mutation.encode()).hexdigest()
    mutation_extensions = {"persistedQuery": {"version": 1, "sha256Hash": mutation_digest}}
    client.graphql(mutation, extensions=mutation_extensions, headers={"x-test-key": "apq-mutation"})
    refused = client.get_graphql(extensions=mutation_extensions, headers={"x-test-key": "apq-mutation"})
    check("APQ mutation over GET is 405", refused[0] == 405, refused)
    not_supported = {"errors": [
        {"message": "PersistedQueryNotSupported", "extensions": {"code": "PERSISTED_QUERY_NOT_SUPPORTED"}}]}
    for label, response in [
        ("hash only", client.request("POST", "/apq-unsupported/graphql", {"extensions": extensions})),
        ("with query", client.graphql(query, "/apq-unsupported/graphql", extensions=extensions)),
        ("GET", client.get_graphql("/apq-unsupported/graphql", extensions=extensions)),
    ]:
        check(f"APQ unsupported {label}", response[0] == 200 and json.loads(response[2]) == not_supported, response)
    plain = client.graphql(query, "/apq-unsupported/graphql")
    check("APQ unsupported runs plain queries", json.loads(plain[2]) == {"data": {"user": {"name": "Grace Hopper"}}},
          plain)


def check_get_rules(client: Client) -> None:
    status, _, body = client.get_graphql(query="query Q($id: ID!) { user(id: $id) { name } }",
                                         variables={"id": "3"}, operationName="Q")
    check("GET with variables", status == 200 and json.loads(body)["data"]["user"]["name"] == "Alan Turing", body)
    status, headers, body = client.get_graphql(query="mutation { createUser(name: \"X\") { id } }")
    check("GET mutation 405", status == 405 and headers.get("allow") == "POST", (status, headers, body))
    document = "query A { failing } mutation B { createUser(name: \"X\") { id } }"
    status, _, _ = client.get_graphql(query=document, operationName="A")
    check("GET picks query operation", status == 200, status)
    status, _, _ = client.get_graphql(query=document, operationName="B")
    check("GET picks mutation operation", status == 405, status)


def check_csrf_prevention(client: Client) -> None:
    path = "/csrf-prevention/graphql"
    status, _, _ = client.graphql(USERS_QUERY, path)
    check("csrf: a JSON POST needs no header", status == 200, status)
    status, _, body = client.get_graphql(path, query=USERS_QUERY)
    check("csrf: a bare GET is refused", status == 400 and b"cross-site request forgery" in body, (status, body))
    status, _, _ = client.get_graphql(path, headers={"x-apollo-operation-name": "Users"}, query=USERS_QUERY)
    check("csrf: a GET naming its operation is served", status == 200, status)
    form = {"content-type": "multipart/form-data; boundary=x"}
    status, _, _ = client.request("POST", path, b"--x--\r\n", form)
    check("csrf: a bare multipart POST is refused", status == 400, status)


def check_auth(client: Client) -> None:
    realm = "realm-a"
    status, headers, body = client.graphql(USERS_QUERY, f"/secure/{realm}/graphql")
    check("auth missing token", status == 401 and headers.get("www-authenticate") == "Bearer"
          and json.loads(body) == {"errors": [{"message": "unauthorized"}]}, (status, headers, body))
    bearer = {"authorization": "Bearer token-0"}
    status, _, _ = client.graphql(USERS_QUERY, f"/secure/{realm}/graphql", headers=bearer)
    check("auth token-0", status == 200, status)
    status, _, body = client.request("GET", f"/secure/{realm}/rest/users/1", headers=bearer)
    check("auth REST", status == 200 and b"9007199254740993" in body, body)
    status, _, body = client.request("POST", f"/secure/{realm}/auth/expire")
    check("auth expire", status == 200 and json.loads(body) == {"expired": "token-0"}, body)
    results: list[int] = []

    def call() -> None:
        results.append(client.graphql(USERS_QUERY, f"/secure/{realm}/graphql", headers=bearer)[0])

    threads = [threading.Thread(target=call) for _ in range(50)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    check("auth 50 concurrent 401", results == [401] * 50, results)
    status, _, body = client.request("POST", f"/secure/{realm}/auth/refresh")
    check("auth refresh", json.loads(body) == {"token": "token-1"}, body)
    status, _, _ = client.graphql(USERS_QUERY, f"/secure/{realm}/graphql", headers=bearer)
    check("auth old token after refresh", status == 401, status)
    status, _, _ = client.graphql(USERS_QUERY, f"/secure/{realm}/graphql",
                                  headers={"authorization": "Bearer token-1"})
    check("auth new token", status == 200, status)
    status, _, _ = client.request("POST", f"/secure/{realm}/auth/refresh?status=500")
    check("auth refresh failure", status == 500, status)
    stats = client.stats(realm)
    check("auth stats", stats["refreshes"] == 2 and stats["statusCounts"] == {"401": 52, "200": 5, "500": 1}
          and stats["currentToken"] == "token-1", stats)
    status, _, _ = client.graphql(USERS_QUERY, "/secure/realm-b/graphql", headers=bearer)
    check("auth realms are separate", status == 200, status)


def check_flaky(client: Client) -> None:
    path = "/flaky/flaky-1/graphql?failures=2&status=429&retryAfter=1"
    first = client.graphql(USERS_QUERY, path)
    second = client.graphql(USERS_QUERY, path)
    third = client.graphql(USERS_QUERY, path)
    check("flaky failures", first[0] == 429 and second[0] == 429 and first[1].get("retry-after") == "1",
          (first, second))
    check("flaky then ok", third[0] == 200 and b"9007199254740993" in third[2], third)
    stats = client.stats("flaky-1")
    times = stats["attemptTimes"]
    check("flaky attempt times", len(times) == 3 and times == sorted(times), stats)
    status, headers, _ = client.request("GET", "/flaky/flaky-2/rest/users?failures=1")
    check("flaky REST default 503", status == 503 and "retry-after" not in headers, (status, headers))
    status, _, _ = client.request("GET", "/flaky/flaky-2/rest/users?failures=1")
    check("flaky REST recovers", status == 200, status)


def check_status_routes(client: Client) -> None:
    for code in (294, 422, 500):
        status, headers, body = client.graphql(USERS_QUERY, f"/status/{code}/graphql")
        check(f"status {code} graphql", status == code and json.loads(body)["data"]["users"][0]["id"] == "1"
              and headers["content-type"] == "application/json", (status, headers))
    status, headers, body = client.request("GET", "/status/502/plain")
    check("status plain", status == 502 and headers["content-type"].startswith("text/html") and b"<html>" in body,
          (status, headers, body))
    status, headers, body = client.request("GET", "/status/204/plain")
    check("status 204 has no body", status == 204 and body == b"", (status, body))
    status, headers, body = client.graphql(USERS_QUERY, "/cache-control/max-age=60/graphql")
    check("cache-control max-age", status == 200 and headers.get("cache-control") == "max-age=60"
          and json.loads(body)["data"]["users"][0]["id"] == "1", (status, headers))
    status, headers, body = client.graphql(USERS_QUERY, "/cache-control/no-store/graphql")
    check("cache-control no-store", status == 200 and headers.get("cache-control") == "no-store", headers)
    status, headers, body = client.graphql(USERS_QUERY, "/garbage/graphql")
    check("garbage", status == 200 and headers["content-type"] == "application/json", headers)
    try:
        json.loads(body)
        check("garbage is invalid JSON", False, body)
    except ValueError:
        check("garbage is invalid JSON", True)
    status, headers, body = client.graphql(USERS_QUERY, "/wrongtype/graphql")
    check("wrongtype", status == 200 and headers["content-type"].startswith("text/plain") and body == b"hello",
          (headers, body))


def check_rest(client: Client) -> None:
    key = {"x-test-key": "rest-1"}
    status, _, body = client.request("GET", "/rest/users?role=ADMIN", headers=key)
    check("REST filter role", status == 200 and [user["id"] for user in json.loads(body)] == ["1"], body)
    check("REST exact Long", b'"followerCount":9007199254740993' in body, body)
    status, _, body = client.request("GET", "/rest/users?limit=2", headers=key)
    check("REST limit", [user["id"] for user in json.loads(body)] == ["1", "2"], body)
    status, _, body = client.request("GET", "/rest/users?limit=x", headers=key)
    check("REST bad limit", status == 400 and json.loads(body)["error"]["code"] == "BAD_REQUEST", body)
    status, _, body = client.request("GET", "/rest/users/42", headers=key)
    check("REST 404", status == 404 and json.loads(body) == {
        "error": {"code": "NOT_FOUND", "message": "user 42 not found"}}, body)
    status, headers, body = client.request("POST", "/rest/users", {"name": "Kay", "email": None, "role": "GUEST"}, key)
    created = json.loads(body)
    check("REST create", status == 201 and created["role"] == "GUEST" and created["followerCount"] == 0
          and headers["location"] == f"/rest/users/{created['id']}", (status, headers, body))
    status, _, body = client.request("PUT", f"/rest/users/{created['id']}", {"name": "Kay B", "role": "ADMIN"}, key)
    check("REST replace", status == 200 and json.loads(body)["name"] == "Kay B", body)
    status, _, body = client.request("DELETE", f"/rest/users/{created['id']}", headers=key)
    check("REST delete", status == 204 and body == b"", (status, body))
    status, _, body = client.request("GET", f"/rest/users/{created['id']}", headers=key)
    check("REST deleted", status == 404, status)
    status, _, body = client.request("POST", "/rest/users", {"email": "x"}, key)
    check("REST create invalid", status == 400, body)
    status, headers, _ = client.request("PATCH", "/rest/users/1", {"name": "x"}, key)
    check("REST PATCH 405", status == 405 and headers["allow"] == "GET, PUT, DELETE", headers)
    status, _, body = client.request("GET", "/rest/products", headers=key)
    products = json.loads(body)
    check("REST products", [product["id"] for product in products] == ["1", "2", "3"]
          and products[2]["owner"] is None and products[0]["owner"]["followerCount"] == 9007199254740993, body)
    status, _, body = client.request("GET", "/rest/products/2", headers=key)
    check("REST product", json.loads(body)["priceCents"] == 9900, body)
    stats = client.stats("rest-1")
    check("REST stats", stats["requests"] == 12 and stats["lastMethod"] == "GET"
          and stats["lastPath"] == "/rest/products/2" and stats["lastHeaders"]["x-test-key"] == "rest-1", stats)


def check_stats(client: Client) -> None:
    key = {"x-test-key": "stats-1", "X-Custom": "Value"}
    client.graphql("query Q { failing }", operationName="Q", headers=key)
    client.request("GET", "/graphql?query=%7B%20failing%20%7D&x=1", headers=key)
    stats = client.stats("stats-1")
    check("stats shape", stats["requests"] == 2 and stats["lastMethod"] == "GET"
          and stats["lastQueryString"] == "query=%7B%20failing%20%7D&x=1" and stats["lastBody"] is None
          and stats["lastHeaders"]["x-custom"] == "Value", stats)
    client.graphql("query Q { failing }", operationName="Q", headers=key)
    stats = client.stats("stats-1")
    check("stats body", stats["lastBody"]["operationName"] == "Q" and stats["lastBodyBase64"], stats)
    empty = client.stats("never-used")
    check("stats empty key", empty["requests"] == 0 and empty["lastHeaders"] == {} and empty["lastMethod"] is None,
          empty)
    status, _, _ = client.request("POST", "/control/reset/stats-1")
    check("reset", status == 204 and client.stats("stats-1")["requests"] == 0, status)


def check_batching(client: Client) -> None:
    key = {"x-test-key": "batch-1"}
    batch = [
        {"query": "mutation { createUser(name: \"Batched\") { id } }"},
        {"query": "query Q { user(id: \"101\") { name } }", "operationName": "Q"},
    ]
    status, headers, body = client.request("POST", "/graphql", batch, key)
    check("batch answers an array in order", status == 200 and headers["content-type"] == "application/json"
          and json.loads(body) == [{"data": {"createUser": {"id": "101"}}}, {"data": {"user": {"name": "Batched"}}}],
          (status, headers, body))
    status, _, body = client.graphql("{ user(id: \"101\") { name } }")
    check("batch mutations stay in the key's store", json.loads(body) == {"data": {"user": None}}, body)
    _, headers, _ = client.request("POST", "/graphql", [{"query": "{ failing }"}],
                                   {"accept": "application/graphql-response+json"})
    check("batch content negotiation", headers["content-type"] == "application/graphql-response+json", headers)
    status, headers, body = client.request("POST", "/graphql", [{"query": "{ slow(delayMs: 0) }"}] * 11, key)
    check("batch over the limit", status == 400 and headers["content-type"] == "text/plain; charset=utf-8"
          and body == b"Too many operations", (status, headers, body))
    status, headers, body = client.request("POST", "/graphql", [{"query": "{ slow(delayMs: 0) }"}] * 10, key)
    check("batch at the limit", status == 200 and len(json.loads(body)) == 10, (status, body))
    status, headers, body = client.request("POST", "/graphql", [], key)
    check("empty batch", status == 200 and headers["content-type"] == "application/json" and body == b"[]",
          (status, headers, body))
    partial = [{"query": "{ failing }"}, {"query": "{ nope }"}, {"query": "{ users(first: 1) { id } }"}]
    status, _, body = client.request("POST", "/graphql", partial, key)
    results = json.loads(body)
    check("batch with errors", status == 200 and results[0]["data"] == {"failing": None}
          and results[1]["data"] is None and results[1]["errors"][0]["message"].startswith("Cannot query field")
          and results[2] == {"data": {"users": [{"id": "1"}]}}, (status, body))
    stats = client.stats("batch-1")
    check("batch stats", stats["requests"] == 5 and stats["batchSizes"] == [2, 11, 10, 0, 3], stats)
    check("stats without batches", client.stats("never-used")["batchSizes"] == [], client.stats("never-used"))
    bearer = {"authorization": "Bearer token-0"}
    status, _, body = client.request("POST", "/secure/batch-realm/graphql", [{"query": "{ user(id: \"2\") { name } }"}],
                                     bearer)
    check("batch on /secure", status == 200 and json.loads(body) == [{"data": {"user": {"name": "Grace Hopper"}}}],
          (status, body))
    first = client.request("POST", "/flaky/batch-flaky/graphql?failures=1", [{"query": "{ failing }"}])
    second = client.request("POST", "/flaky/batch-flaky/graphql?failures=1", [{"query": "{ failing }"}])
    check("batch on /flaky", first[0] == 503 and second[0] == 200 and len(json.loads(second[2])) == 1
          and client.stats("batch-flaky")["batchSizes"] == [1, 1], (first, second))
    check_batch_concurrency(client)


def check_batch_concurrency(client: Client) -> None:
    """Both operations of a batch wait on their gates at once; the answer waits for both, in batch order."""
    batch = [{"query": "{ gated(key: \"batch-gate-a\") }"}, {"query": "{ gated(key: \"batch-gate-b\") }"}]
    answers: list = []
    thread = threading.Thread(target=lambda: answers.append(client.request("POST", "/graphql", batch)))
    thread.start()
    client.request("GET", "/control/gates/batch-gate-a/1")
    client.request("GET", "/control/gates/batch-gate-b/1")
    client.request("POST", "/control/open/batch-gate-b")
    status, _, _ = client.request("GET", "/control/gates/batch-gate-a/1")
    check("batch waits for its last operation", status == 200 and thread.is_alive() and not answers, answers)
    client.request("POST", "/control/open/batch-gate-a")
    thread.join(10)
    check("batch runs its operations concurrently", answers and answers[0][0] == 200 and json.loads(answers[0][2]) == [
        {"data": {"gated": "batch-gate-a"}}, {"data": {"gated": "batch-gate-b"}}], answers)


def check_post_only(client: Client) -> None:
    key = {"x-test-key": "post-only-1"}
    for method in ("GET", "PUT", "DELETE"):
        status, headers, body = client.request(method, f"/post-only/graphql?query={urllib.parse.quote('{ failing }')}",
                                               headers=key)
        check(f"post-only {method}", status == 405 and headers.get("allow") == "POST"
              and headers["content-type"].startswith("text/plain") and body == b"only POST is allowed here",
              (status, headers, body))
    status, _, body = client.graphql("{ user(id: \"1\") { name } }", "/post-only/graphql", headers=key)
    check("post-only POST", status == 200 and json.loads(body) == {"data": {"user": {"name": "Ada Lovelace"}}}, body)
    stats = client.stats("post-only-1")
    check("post-only stats", stats["requests"] == 4 and stats["statusCounts"] == {"405": 3, "200": 1}
          and stats["lastMethod"] == "POST" and stats["lastPath"] == "/post-only/graphql", stats)
    client.request("DELETE", "/post-only/graphql", headers=key)
    check("post-only stats method", client.stats("post-only-1")["lastMethod"] == "DELETE", client.stats("post-only-1"))


STREAMED_QUERY = "query S($g: String) { streamedItems(count: 3, gate: $g) @stream(initialCount: %d) { id position } }"
INCREMENTAL_ACCEPT = ("multipart/mixed;incrementalSpec=v0.2, multipart/mixed;deferSpec=20220824;q=0.9, "
                      "application/json;q=0.7")


class MultipartParts:
    """Reads an open `multipart/mixed; boundary="-"` answer one JSON part at a time, as the parts arrive."""

    def __init__(self, response: http.client.HTTPResponse | io.BytesIO) -> None:
        self.response = response
        self.buffer = b""

    def next(self) -> dict | None:
        """The next part's JSON, or None once the closing delimiter has come."""
        while True:
            if self.buffer.startswith(b"---\r\n"):
                head, separator, rest = self.buffer[5:].partition(b"\r\n\r\n")
                length = next((int(line.split(b":")[1]) for line in head.split(b"\r\n")
                               if line.lower().startswith(b"content-length:")), None)
                if separator and length is not None and len(rest) >= length:
                    self.buffer = rest[length:].removeprefix(b"\r\n")
                    return json.loads(rest[:length])
            elif self.buffer.startswith(b"-----"):
                return None
            chunk = self.response.read1(65536)
            if not chunk:
                return None
            self.buffer += chunk


def streamed_request(
    port: int, initial_count: int, gate: str | None
) -> tuple[http.client.HTTPConnection, http.client.HTTPResponse]:
    """Sends STREAMED_QUERY to /streaming/graphql and returns the open response, its parts still to come."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    body = json.dumps({"query": STREAMED_QUERY % initial_count, "variables": {"g": gate}})
    connection.request("POST", "/streaming/graphql", body=body,
                       headers={"content-type": "application/json", "accept": INCREMENTAL_ACCEPT})
    return connection, connection.getresponse()


def streamed_item(position: int) -> dict:
    return {"id": f"item-{position}", "position": position}


def check_streamed_items(client: Client, label: str) -> None:
    status, _, body = client.graphql("{ streamedItems(count: 2) { id position title } }")
    check(f"{label} streamedItems list", status == 200 and json.loads(body) == {"data": {"streamedItems": [
        {"id": "item-1", "position": 1, "title": "Item 1"}, {"id": "item-2", "position": 2, "title": "Item 2"}]}}, body)
    _, _, body = client.graphql("{ streamedItems(count: 0) { id } }")
    check(f"{label} streamedItems empty", json.loads(body) == {"data": {"streamedItems": []}}, body)
    _, _, body = client.graphql("{ streamedItems(count: -1) { id } }")
    result = json.loads(body)
    check(f"{label} streamedItems negative count", result["data"] is None
          and result["errors"][0]["path"] == ["streamedItems"], body)


def check_stream(client: Client) -> None:
    """`@stream` on streamedItems over /streaming/graphql: each later item comes in its own part once its gate opens."""
    for initial_count in (1, 0):
        gate = f"stream-{initial_count}"
        connection, response = streamed_request(client.port, initial_count, gate)
        parts = MultipartParts(response)
        check(f"stream({initial_count}) head", response.status == 200
              and response.getheader("content-type") == 'multipart/mixed; boundary="-"', response.getheaders())
        initial = [streamed_item(1)] if initial_count else []
        part = parts.next()
        check(f"stream({initial_count}) initial part", part == {
            "data": {"streamedItems": initial}, "hasNext": True, "pending": [{"id": "0", "path": ["streamedItems"]}],
            "extensions": None}, part)
        positions = range(1, 4) if initial_count == 0 else range(2, 4)
        for position in positions:
            if position >= 2:
                client.request("GET", f"/control/gates/{gate}-{position}/1")
                client.request("POST", f"/control/open/{gate}-{position}")
            expected = {"hasNext": position < 3, "extensions": None, "incremental": [
                {"items": [streamed_item(position)], "id": "0", "path": ["streamedItems"], "label": None}]}
            if position == 3:
                expected["completed"] = [{"id": "0"}]
            part = parts.next()
            check(f"stream({initial_count}) item {position}", part == expected, part)
        check(f"stream({initial_count}) closes", parts.next() is None and parts.buffer == b"-----\r\n", parts.buffer)
        connection.close()
    accept = {"accept": INCREMENTAL_ACCEPT}
    status, headers, body = client.request("POST", "/graphql", {"query": STREAMED_QUERY % 1}, accept)
    parts = MultipartParts(io.BytesIO(body))
    collected = [parts.next()]
    while collected[-1] is not None:
        collected.append(parts.next())
    later_items = [item for part in collected[1:-1] for entry in part["incremental"] for item in entry["items"]]
    check("stream without gate on /graphql", status == 200 and collected[0]["data"] == {
        "streamedItems": [streamed_item(1)]} and later_items == [streamed_item(2), streamed_item(3)]
          and collected[-2]["hasNext"] is False, body)
    status, _, body = client.request("POST", "/streaming/graphql", {
        "query": "{ streamedItems(count: 2) @stream(initialCount: 2) { id position } }"})
    check("stream with initialCount = count", status == 200
          and b'{"hasNext":false,"extensions":null,"completed":[{"id":"0"}]}\r\n-----\r\n' in body, body)
    status, headers, body = client.request("POST", "/graphql", {"query": STREAMED_QUERY % 4}, accept)
    check("stream with initialCount > count", status == 200 and headers["content-type"] == "application/json"
          and len(json.loads(body)["data"]["streamedItems"]) == 3, (status, headers, body))


def check_ariadne_extras(client: Client) -> None:
    batch = [{"query": USERS_QUERY}, {"query": "{ failing }"}]
    status, headers, body = client.request("POST", "/graphql", batch)
    check("ariadne refuses a batch", status == 400 and headers["content-type"] == "application/json"
          and json.loads(body) == {"errors": [{"message": "Operation data should be a JSON object"}]},
          (status, headers, body))
    check_streamed_items(client, "ariadne")
    status, _, body = client.graphql(STREAMED_QUERY % 1)
    check("ariadne has no @stream", status == 400 and b"Unknown directive '@stream'." in body, (status, body))


def main() -> int:
    strawberry, strawberry_port = start("strawberry_app.py")
    ariadne, ariadne_port = start("ariadne_app.py")
    try:
        print("strawberry:")
        client = Client(strawberry_port)
        check_graphql_common(client, "strawberry")
        check_content_negotiation(client)
        check_persisted_queries(client)
        check_get_rules(client)
        check_csrf_prevention(client)
        check_auth(client)
        check_flaky(client)
        check_status_routes(client)
        check_rest(client)
        check_stats(client)
        check_batching(client)
        check_post_only(client)
        check_streamed_items(client, "strawberry")
        check_stream(client)
        print("ariadne:")
        check_graphql_common(Client(ariadne_port), "ariadne")
        check_ariadne_extras(Client(ariadne_port))
    finally:
        for process in (strawberry, ariadne):
            process.terminate()
            process.wait(10)
    print(f"{PASSED} passed, {len(FAILURES)} failed")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
