"""A GraphQL server of before 2021, for `apicore fetch-schema`'s fallback: it answers the introspection fields and
arguments added since (isOneOf, specifiedByURL, isRepeatable, includeDeprecated on arguments) with the validation error
graphql-js gives for an unknown field, and forwards every other POST to the reference server at argv[1].

`POST /errors/graphql` always answers `{"errors": [...]}` without data. Standard library only. Prints `LISTENING <port>`
once it accepts connections; exits on SIGTERM, or when the test process whose id is argv[2] is gone.
"""

import http.server
import json
import os
import sys
import threading
import time
import urllib.request

UPSTREAM = sys.argv[1]
NEWER = ("isOneOf", "specifiedByURL", "isRepeatable", "args(includeDeprecated", "inputFields(includeDeprecated")


class Handler(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        query = json.loads(body).get("query", "")
        newer = [word for word in NEWER if word in query]
        if self.path == "/errors/graphql":
            self.answer(200, {"errors": [{"message": "Introspection is disabled."}]})
        elif newer:
            field = newer[0].split("(")[0]
            self.answer(200, {"errors": [{"message": f"Cannot query field '{field}' on type '__Type'."}]})
        else:
            headers = {"Content-Type": "application/json"}
            if self.headers.get("X-Test-Key"):
                headers["X-Test-Key"] = self.headers["X-Test-Key"]
            request = urllib.request.Request(UPSTREAM + "/graphql", data=body, headers=headers, method="POST")
            with urllib.request.urlopen(request) as response:
                self.answer(response.status, json.loads(response.read()))

    def answer(self, status, payload):
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
threading.Thread(target=server.serve_forever, daemon=True).start()
print(f"LISTENING {server.server_address[1]}", flush=True)
PARENT = int(sys.argv[2])
while os.getppid() == PARENT:
    time.sleep(0.5)
