#!/usr/bin/env python3
"""Helper of scripts/try-multinode-nginx.sh (standard library only).

  multinode_probe.py node-args DOCKER_DIR NODE     the node's arguments as the image runs them:
                                                   the Dockerfile's ENTRYPOINT, then the node's
                                                   `command` in compose.multinode.yaml, one a line
  multinode_probe.py free-ports N                  N distinct free loopback TCP ports
  multinode_probe.py websocket WS_URL              hello through WS_URL is welcomed
  multinode_probe.py redirect BASE OWNER OTHER     a room opened at BASE/OWNER/ws, joined at
                                                   BASE/OTHER/ws, is redirected to BASE/OWNER,
                                                   and the redirect's `ws` seats the player there
  multinode_probe.py takeover WS_A WS_B PID_A WAIT  a game started at node A (WS_A), A SIGKILLed
                                                   (PID_A) WAIT seconds later: milliseconds until
                                                   a player's hello at node B (WS_B) is welcomed
                                                   back into it
  multinode_probe.py connections WS_URL N          N WebSockets at once through WS_URL, all welcomed

Prints one `ok: ...` line a check; on a failed check prints `FAILED: ...` and exits 1.
"""
import base64
import signal
import time
import json
import os
import re
import socket
import struct
import sys
import urllib.parse

TIMEOUT_S = 10


class ProbeError(Exception):
    pass


def fail(why):
    raise ProbeError(why)


def node_args(docker_dir, node):
    with open(os.path.join(docker_dir, "Dockerfile")) as f:
        entry = re.search(r"^ENTRYPOINT (\[.*\])$", f.read(), re.M)
    with open(os.path.join(docker_dir, "compose.multinode.yaml")) as f:
        compose = f.read()
    # The node's block runs from "  NODE:" to the next service; its command is a JSON-style list.
    block = re.search(r"^  " + re.escape(node) + r":\n(.*?)(?=^  \S|\Z)", compose, re.M | re.S)
    if not entry or not block:
        fail("no ENTRYPOINT in the Dockerfile or no service " + node + " in compose.multinode.yaml")
    command = re.search(r"command: (\[.*?\])", block.group(1), re.S)
    if not command:
        fail("service " + node + " has no command")
    for arg in json.loads(entry.group(1))[1:] + json.loads(command.group(1)):
        print(arg)


def free_ports(count):
    held = []
    for _ in range(int(count)):  # all held until printed, so they differ
        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        held.append(s)
    print(" ".join(str(s.getsockname()[1]) for s in held))


class WebSocket:
    """A client WebSocket (RFC 6455) speaking JSON text frames."""

    def __init__(self, url):
        parts = urllib.parse.urlsplit(url)
        if parts.scheme != "ws":
            fail("not a ws:// URL: " + url)
        self.url = url
        self.sock = socket.create_connection((parts.hostname, parts.port or 80), timeout=TIMEOUT_S)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET {parts.path or '/'} HTTP/1.1\r\nHost: {parts.netloc}\r\n"
                           f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                           "Sec-WebSocket-Version: 13\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(4096)
            if not chunk:
                fail(url + ": connection closed during the handshake")
            head += chunk
        head, self.buffer = head.split(b"\r\n\r\n", 1)
        status = head.split(b"\r\n", 1)[0].decode()
        if " 101 " not in status + " ":
            fail(url + ": upgrade answered " + status)
        self.next_id = 1

    def _read(self, n):
        while len(self.buffer) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                fail(self.url + ": connection closed")
            self.buffer += chunk
        out, self.buffer = self.buffer[:n], self.buffer[n:]
        return out

    def _send_frame(self, opcode, payload):
        mask = os.urandom(4)
        head = bytes([0x80 | opcode])
        if len(payload) < 126:
            head += bytes([0x80 | len(payload)])
        elif len(payload) < 65536:
            head += bytes([0x80 | 126]) + struct.pack(">H", len(payload))
        else:
            head += bytes([0x80 | 127]) + struct.pack(">Q", len(payload))
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.sendall(head + mask + masked)

    def receive(self):
        message = b""
        while True:
            b0, b1 = self._read(2)
            length = b1 & 0x7F
            if length == 126:
                length = struct.unpack(">H", self._read(2))[0]
            elif length == 127:
                length = struct.unpack(">Q", self._read(8))[0]
            payload = self._read(length)  # a server's frames are not masked
            opcode = b0 & 0x0F
            if opcode == 0x9:
                self._send_frame(0xA, payload)
            elif opcode == 0x8:
                fail(self.url + ": closed by the server " + payload.hex())
            elif opcode in (0x0, 0x1):
                message += payload
                if b0 & 0x80:
                    return json.loads(message)

    def request(self, message):
        """Sends `message` with an id; returns the first reply that echoes it."""
        message = dict(message, id=self.next_id)
        self.next_id += 1
        self._send_frame(0x1, json.dumps(message).encode())
        while True:
            reply = self.receive()
            if reply.get("id") == message["id"]:
                return reply

    def hello(self, name, token=None):
        message = {"type": "hello", "protocol": 1, "name": name}
        if token:
            message["token"] = token
        return self.request(message)


def expect(what, reply, kind):
    if reply.get("type") != kind:
        fail(f"{what}: expected {kind}, got {json.dumps(reply)}")
    return reply


def websocket(url):
    welcome = expect("hello at " + url, WebSocket(url).hello("Probe"), "welcome")
    print(f"ok: WebSocket {url} welcomed ({welcome.get('server', '?')})")


def redirect(base, owner, other):
    ws_base = "ws://" + base.split("://", 1)[1]
    ada = WebSocket(f"{ws_base}/{owner}/ws")
    expect("Ada's hello", ada.hello("Ada"), "welcome")
    room = expect("create_room", ada.request({"type": "create_room", "seats": 2}), "room_created")["room"]
    bob = WebSocket(f"{ws_base}/{other}/ws")
    bob_token = expect("Bob's hello", bob.hello("Bob"), "welcome")["token"]
    sent = expect(f"join {room} at {other}", bob.request({"type": "join", "room": room}), "redirect")
    if sent.get("url") != f"{base}/{owner}" or sent.get("ws") != f"{ws_base}/{owner}/ws":
        fail("redirect names " + json.dumps(sent) + ", expected " + f"{base}/{owner}")
    print(f"ok: join of {room} at {other} redirected to {sent['url']}")
    there = WebSocket(sent["ws"])
    welcome = expect("Bob's hello after the redirect", there.hello("Bob", bob_token), "welcome")
    if welcome.get("resumed") is not True:
        fail("Bob's token was not known at " + sent["ws"] + ": " + json.dumps(welcome))
    joined = expect(f"join {room} at {sent['ws']}", there.request({"type": "join", "room": room}), "joined")
    print(f"ok: Bob followed to {sent['ws']} with his token and took seat {joined.get('seat')}")


def takeover(ws_a, ws_b, pid_a, wait_s):
    ada, bob = WebSocket(ws_a), WebSocket(ws_a)
    ada_token = expect("Ada's hello", ada.hello("Ada"), "welcome")["token"]
    expect("Bob's hello", bob.hello("Bob"), "welcome")
    room = expect("create_room", ada.request({"type": "create_room", "seats": 2}), "room_created")["room"]
    expect("Bob's join", bob.request({"type": "join", "room": room}), "joined")
    expect("start", ada.request({"type": "start", "room": room}), "ack")
    # The lease was taken when the room was opened and is renewed every third of it: waiting
    # moves the kill to another point of the renewal period.
    time.sleep(float(wait_s))
    os.kill(int(pid_a), signal.SIGKILL)
    killed = time.monotonic()
    while time.monotonic() - killed < 60:
        try:
            reply = WebSocket(ws_b).hello("Ada", ada_token)
        except (OSError, ProbeError):  # node B refused or closed this try: try again
            reply = {}
        if reply.get("type") == "welcome" and reply.get("rooms") == [room]:
            print(f"ok: takeover after SIGKILL {round((time.monotonic() - killed) * 1000)} ms"
                  f" (room {room}, killed {wait_s} s after its start)")
            return
        time.sleep(0.05)  # polling: each try is a real hello, the bound is 60 s
    fail(f"node {ws_b} never brought room {room} back")


def connections(url, count):
    sockets = [WebSocket(url) for _ in range(count)]
    for i, ws in enumerate(sockets):
        expect(f"hello {i + 1} of {count}", ws.hello(f"Guest{i}"), "welcome")
    print(f"ok: {count} WebSockets at once through {url}, all welcomed")


def main(argv):
    commands = {"node-args": (node_args, 2), "free-ports": (free_ports, 1), "websocket": (websocket, 1), "redirect": (redirect, 3), "takeover": (takeover, 4),
                "connections": (lambda url, n: connections(url, int(n)), 2)}
    if len(argv) < 2 or argv[1] not in commands or len(argv) - 2 != commands[argv[1]][1]:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        commands[argv[1]][0](*argv[2:])
    except (ProbeError, OSError, ValueError) as error:
        print(f"FAILED: {argv[1]}: {error}", flush=True)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
