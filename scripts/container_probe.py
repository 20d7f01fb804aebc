#!/usr/bin/env python3
"""Helper of scripts/test-container.sh (standard library only): plays games through a
deployment of docker/ (its published address BASE, e.g. http://127.0.0.1:8080).

  container_probe.py game BASE
      A whole game through BASE/ws: Ada (a script choosing legal moves) against a greedy bot.
      Checks every move of hers is accepted, the game ends, and GET BASE/api/games/ROOM is
      its finished record.
  container_probe.py game BASE KILL_COMMAND NODE...
      The same through nginx's shared entry with several nodes: the game's owner is found
      by asking each node's route (BASE/NODE/ws), and midway through the game KILL_COMMAND
      is run with {node} replaced by the owner. Ada then reconnects at BASE/ws with her token
      until a live node has taken the game over, and plays it to its end there; the record is
      read through BASE after the kill.

Prints one `ok: ...` line a check; on a failed check prints `FAILED: ...` and exits 1.
"""
import hashlib
import json
import os
import subprocess
import sys
import time
import urllib.request

sys.dont_write_bytecode = True  # no __pycache__ left in scripts/
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from multinode_probe import ProbeError, WebSocket, expect, fail  # noqa: E402

TAKEOVER_BOUND_S = 90  # a lease (6 s) and a renewal period, with room for a busy machine


def ws_base(base):
    return "ws://" + base.split("://", 1)[1]


class Player:
    """Ada, seated in one room: acts whenever she decides, always a legal move."""

    def __init__(self, url, token=None):
        self.ws = WebSocket(url)
        reply = self.ws.hello("Ada", token)
        if reply.get("type") == "redirect":
            raise Redirected(reply["ws"])
        self.welcome = expect("Ada's hello at " + url, reply, "welcome")
        self.token = self.welcome["token"]
        self.moves = 0

    def snapshot(self, room):
        return expect("snapshot", self.ws.request({"type": "snapshot", "room": room}), "snapshot")

    def act(self, room, version, action):
        reply = self.ws.request({"type": "action", "room": room, "version": version, "action": action})
        if reply.get("type") == "error" and reply.get("code") == "stale_version":
            return  # a bot or the clock moved first: look again
        expect(f"action {json.dumps(action)} at version {version}", reply, "ack")
        self.moves += 1

    def play(self, room, stop):
        """Plays until the game is over or stop(game) holds; returns the last view's game."""
        while True:
            snap = self.snapshot(room)
            view = snap["view"]
            game = view.get("game") or fail("room " + room + " has no game")
            if game["phase"] == "game_over" or game.get("result") or stop(game):
                return game
            if game["decider"] != view["you"]["seat"]:
                self.await_change(room, snap["version"])
            elif game["phase"] == "place_tile":
                placements = self.ws.request({"type": "legal_placements", "room": room})
                chosen = expect("legal_placements", placements, "legal_placements")["placements"]
                if not chosen:
                    fail(f"no legal placement for {placements.get('tile')} at version {snap['version']}")
                self.act(room, placements["version"], dict(chosen[0], type="place_tile"))
            else:
                legal = view["you"]["legal"] or fail(f"no legal action in phase {game['phase']}")
                self.act(room, snap["version"], legal[0])

    def await_change(self, room, version):
        # Messages on a connection are ordered: a change after the snapshot is a later patch.
        while True:
            message = self.ws.receive()
            if message.get("type") == "patch" and message.get("room") == room and message["version"] > version:
                return


class Redirected(Exception):
    def __init__(self, ws):
        super().__init__(ws)
        self.ws = ws


def owner_of(base, room, nodes):
    """The node holding `room`: it answers room_info, every other node redirects to it."""
    answers = {}
    for node in nodes:
        guest = WebSocket(f"{ws_base(base)}/{node}/ws")
        expect(f"a guest's hello at {node}", guest.hello("Guest"), "welcome")
        reply = guest.request({"type": "room_info", "room": room})
        if reply.get("type") == "redirect":
            answers[node] = reply["url"].rstrip("/").rsplit("/", 1)[-1]
        else:
            expect(f"room_info {room} at {node}", reply, "room_info")
            answers[node] = node
    owners = set(answers.values())
    if len(owners) != 1 or owners.pop() not in nodes:
        fail(f"the nodes disagree on who holds {room}: {answers}")
    return answers[nodes[0]]


def rejoin(base, token, room, dead):
    """Ada's hello at the shared entry, following redirects, until a node welcomes her back
    into `room`; returns the player and the milliseconds it took."""
    started = time.monotonic()
    while time.monotonic() - started < TAKEOVER_BOUND_S:
        url = f"{ws_base(base)}/ws"
        try:
            try:
                player = Player(url, token)
            except Redirected as sent:
                url = sent.ws
                player = Player(url, token)  # the owner named; while it is the dead one, fails
            if room in player.welcome.get("rooms", []):
                return player, round((time.monotonic() - started) * 1000), url
        except (OSError, ProbeError, Redirected):
            pass
        time.sleep(0.2)  # polling: each try is a real hello, bounded above
    fail(f"no node took {room} over within {TAKEOVER_BOUND_S} s of {dead}'s death")


def check_record(base, room, moves):
    """The finished record, read through `base`: it holds every move Ada was acknowledged
    (hers are seat 0's only actions: no clock plays for her), and its revealed seed matches
    the commitment shown during play."""
    with urllib.request.urlopen(f"{base}/api/games/{room}", timeout=10) as answer:
        record = json.load(answer)
    if record.get("status") != "finished" or record.get("id") != room:
        fail(f"GET /api/games/{room}: status {record.get('status')}, id {record.get('id')}")
    names = [p.get("name") for p in record.get("players", [])]
    if names[:1] != ["Ada"] or len(names) != 2:
        fail(f"GET /api/games/{room}: players {names}")
    hers = sum(1 for a in record.get("actions", []) if a.get("seat") == 0)
    if hers != moves:
        fail(f"GET /api/games/{room}: {hers} actions of seat 0, Ada was acknowledged {moves}")
    opened = hashlib.sha256(f"{record.get('seed')}:{record.get('seed_nonce')}".encode()).hexdigest()
    if opened != record.get("seed_commitment") or not record.get("final_hash"):
        fail(f"GET /api/games/{room}: the seed does not match its commitment, or no final hash")
    print(f"ok: GET /api/games/{room} through {base}: finished, players {names},"
          f" {len(record['actions'])} actions ({hers} of Ada's), the seed matches its commitment")


def game(base, kill_command=None, *nodes):
    ada = Player(f"{ws_base(base)}/ws")
    created = ada.ws.request({"type": "create_room", "name": "Container check", "seats": 2,
                              "bots": [{"seat": 1, "kind": "greedy"}]})
    room = expect("create_room", created, "room_created")["room"]
    expect("start", ada.ws.request({"type": "start", "room": room}), "ack")
    print(f"ok: room {room} created and started through {base}/ws (Ada and a greedy bot)")

    if kill_command:
        owner = owner_of(base, room, list(nodes))
        print(f"ok: {owner} holds {room} (every node's route says so)")
        first = ada.play(room, lambda g: g["tiles_left"] <= 35)
        print(f"ok: {ada.moves} moves of Ada's accepted, {first['tiles_left']} tiles left")
        before = ada.moves
        command = kill_command.replace("{node}", owner)
        subprocess.run(command, shell=True, check=True, stdout=subprocess.DEVNULL)
        print(f"ok: killed {owner} ({command})")
        ada, took_ms, url = rejoin(base, ada.token, room, owner)
        ada.moves = before
        print(f"ok: Ada welcomed back into {room} at {url} {took_ms} ms after the kill")
        successor = owner_of(base, room, [n for n in nodes if n != owner])
        print(f"ok: {successor} holds {room} now")

    end = ada.play(room, lambda g: False)
    result = end.get("result") or fail(f"{room} ended without a result")
    if result.get("reason") != "complete":
        fail(f"{room} ended by {result.get('reason')}, not by its last tile")
    print(f"ok: {room} played to its end, {ada.moves} moves of Ada's accepted, scores {result.get('scores')}")
    check_record(base, room, ada.moves)


def main(argv):
    if len(argv) < 3 or argv[1] != "game" or len(argv) == 4:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        game(*argv[2:])
    except (ProbeError, OSError, ValueError, KeyError, subprocess.CalledProcessError) as error:
        print(f"FAILED: {argv[1]}: {error!r}", flush=True)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
