#!/usr/bin/env python3
"""Interop check: a Python grpcio client against a Fray rules server.

Usage: client.py ADDR [--examples DIR]

Calls the Rules service (ResolveStrike, NewGame, LegalActions, ApplyAction, both batch
RPCs and the Play stream) with stubs generated from proto/fray/v1/*.proto (run it
through scripts/python-client.sh, which sets PYTHONPATH to them), sending the example
requests in the repository's examples/ folder:

1. resolve-blocked.json: the blocker event, the damage and the rule ids;
2. resolve-direct.json: a direct hit, exactly 1 HP lost whatever the Might;
3. resolve-invalid-state.json (a zone index out of range, a life of 0):
   INVALID_ARGUMENT whose google.rpc.BadRequest detail names the field paths;
4. resolve-unreachable-target.json: FAILED_PRECONDITION naming the rule
   egame.strike.target in its message and in its google.rpc.ErrorInfo detail;
5. resolve-castle-worked-example.json (Castle Rampage, seed 003's example): the
   Gate card falls, 5 strength goes on, the Ogre holds, the attack card is
   discarded and the Ogre goes back on top of the Castle, each step with its rule;
6. resolve-castle-win.json: the last Castle card falls and the game is over at once;
7. resolve-keyforge-fight.json (KeyForge, seed 001's damage chart): the assault's
   damage meets the ward, the exchange meets the armor, the rest lands, and the
   raider's Fight: ability captures 1 amber, each step with its rule; the board;
8. resolve-keyforge-order.json, then ApplyAction with the state it returned: the
   fight stops at a DECISION_KIND_ORDER decision (assault and hazardous), the
   resolution travels in the state, and the answer (assault first) destroys the
   Thornback before its hazardous: the fight is cut short;
9. resolve-dog-fight-return-fire.json (Dog Fight, seed 004's first sentence): both
   response windows answered by `choices`, the Return Fire destroys the attacker
   first, and the attack still resolves through shields and armor to the hull;
10. new-game-dog-fight.json: a four-player skirmish (melee) dealt by NewGame, then
   LegalActions and ApplyAction of player 0's first attack from it: the attack is
   declared and a response window (a DECISION_KIND_RESPONSE) waits in the state;
11. resolve-strike-batch.json (ResolveStrikeBatch): one result per board in order, the
   unreachable strike refused on its own with its status (FAILED_PRECONDITION and a
   google.rpc.ErrorInfo detail, readable as a google.rpc.Status), the others resolved;
   apply-action-batch.json (ApplyActionBatch): the answered choice and the refused one
   (INVALID_ARGUMENT with a google.rpc.BadRequest naming action.choice.option);
12. play.json on the Play stream (the messages one after another, as grpcurl sends
   them): the legal actions, the strike stopping at a block, the refused summon
   answered with its status while the stream goes on, the declined block; then a
   game dealt by NewGame played step by step on one stream, each message sent after
   the previous answer (the state it returned and one of its legal actions) and
   checked against ApplyAction;
13. statuses grpcio can read: a request with 150 violations, and one echoing a 4 KB
   id, each answered INVALID_ARGUMENT (not grpcio's RESOURCE_EXHAUSTED for headers
   past its metadata limit).

Exits 1 with a message on the first mismatch; otherwise prints
"python interop: N checks passed".
"""

import argparse
import copy
import json
import pathlib
import queue
import sys

import grpc
from google.protobuf import json_format
from google.rpc import error_details_pb2, status_pb2
from grpc_status import rpc_status

from fray.v1 import rules_pb2, rules_pb2_grpc, state_pb2

ROOT = pathlib.Path(__file__).resolve().parents[2]
DEFAULT_EXAMPLES = ROOT / "examples"
TIMEOUT_S = 10
EXAMPLES = (
    "resolve-blocked.json",
    "resolve-direct.json",
    "resolve-invalid-state.json",
    "resolve-unreachable-target.json",
    "resolve-castle-worked-example.json",
    "resolve-castle-win.json",
    "resolve-keyforge-fight.json",
    "resolve-keyforge-order.json",
    "resolve-dog-fight-return-fire.json",
    "new-game-dog-fight.json",
    "resolve-strike-batch.json",
    "apply-action-batch.json",
    "play.json",
)


class Mismatch(Exception):
    """The server answered something the contract does not allow."""


class Checks:
    """Counts passed checks; raises Mismatch on the first failure."""

    def __init__(self):
        self.passed = 0

    def eq(self, what, got, want):
        if got != want:
            raise Mismatch(f"{what}: expected {want!r}, got {got!r}")
        self.passed += 1

    def true(self, what, cond):
        if not cond:
            raise Mismatch(what)
        self.passed += 1


def events_of(response, kind):
    """The events of one oneof kind, in order."""
    return [e for e in response.events if e.WhichOneof("kind") == kind]


def creature(state, cid):
    found = [c for c in state.creatures if c.id == cid]
    return found[0] if found else None


def call_expecting_error(stub, request, code):
    """Calls ResolveStrike, which must fail with `code`; returns the RpcError."""
    try:
        response = stub.ResolveStrike(request, timeout=TIMEOUT_S)
    except grpc.RpcError as err:
        if err.code() != code:
            raise Mismatch(f"expected {code.name}, got {err.code().name}: {err.details()}") from err
        return err
    raise Mismatch(f"expected {code.name}, got a response with {len(response.events)} events")


def unpack_details(err, message_type):
    """The details of one google.rpc type in the status of a failed call."""
    status = rpc_status.from_call(err)
    if status is None:
        raise Mismatch("the status carries no grpc-status-details-bin")
    found = []
    for detail in status.details:
        if detail.Is(message_type.DESCRIPTOR):
            message = message_type()
            detail.Unpack(message)
            found.append(message)
    return found


def check_blocked(stub, checks, examples):
    request = json_format.ParseDict(examples["resolve-blocked.json"], rules_pb2.ResolveStrikeRequest())
    response = stub.ResolveStrike(request, timeout=TIMEOUT_S)

    blocks = events_of(response, "blocker_determined")
    checks.eq("blocked: one blocker_determined event", len(blocks), 1)
    block = blocks[0]
    checks.eq("blocked: blocker rule", block.rule, "egame.strike.block.passive")
    checks.eq("blocked: attacker", block.blocker_determined.attacker, "knight")
    checks.eq("blocked: blocker", block.blocker_determined.blocker, "wolf")
    checks.true("blocked: the block is passive", block.blocker_determined.passive)

    damage = {
        (e.damage_dealt.source, e.damage_dealt.target): (e.damage_dealt.amount, e.rule)
        for e in events_of(response, "damage_dealt")
    }
    checks.eq("blocked: knight's damage to wolf", damage.get(("knight", "wolf")), (2, "egame.strike.damage"))
    checks.eq("blocked: wolf's damage to knight", damage.get(("wolf", "knight")), (1, "egame.strike.damage"))

    destroyed = [(e.creature_destroyed.creature, e.rule) for e in events_of(response, "creature_destroyed")]
    checks.eq("blocked: destroyed creatures", destroyed, [("wolf", "egame.sba.destroy")])
    checks.eq("blocked: no HP lost", events_of(response, "player_hp_lost"), [])

    state = response.state
    knight = creature(state, "knight")
    checks.true("blocked: knight is still on the field", knight is not None)
    checks.eq("blocked: knight's damage counters", knight.damage, 1)
    checks.eq("blocked: wolf has left the field", creature(state, "wolf"), None)
    checks.eq("blocked: players' HP", [p.hp for p in state.players], [6, 6])


def check_direct(stub, checks, examples):
    request = json_format.ParseDict(examples["resolve-direct.json"], rules_pb2.ResolveStrikeRequest())
    response = stub.ResolveStrike(request, timeout=TIMEOUT_S)

    blocks = events_of(response, "blocker_determined")
    checks.eq("direct: one blocker_determined event", len(blocks), 1)
    checks.eq("direct: blocker rule", blocks[0].rule, "egame.strike.block.direct")
    checks.true("direct: no blocker", not blocks[0].blocker_determined.HasField("blocker"))
    lost = [(e.player_hp_lost.player, e.player_hp_lost.amount, e.rule) for e in events_of(response, "player_hp_lost")]
    checks.eq("direct: HP lost", lost, [(1, 1, "egame.strike.direct")])
    checks.eq("direct: players' HP", [p.hp for p in response.state.players], [6, 5])


def check_invalid(stub, checks, examples):
    request = json_format.ParseDict(examples["resolve-invalid-state.json"], rules_pb2.ResolveStrikeRequest())
    err = call_expecting_error(stub, request, grpc.StatusCode.INVALID_ARGUMENT)
    checks.passed += 1

    bad_requests = unpack_details(err, error_details_pb2.BadRequest)
    checks.eq("invalid: google.rpc.BadRequest details", len(bad_requests), 1)
    fields = [v.field for v in bad_requests[0].field_violations]
    checks.eq("invalid: every violation, with its field path", sorted(fields),
              ["state.creatures[1].life", "state.creatures[1].zone.index"])
    described = all(v.description for v in bad_requests[0].field_violations)
    checks.true("invalid: every field violation says why", described)


def check_statuses_fit_grpcio(stub, checks, examples):
    """A status of 150 violations, or one echoing a 4 KB id, is read as INVALID_ARGUMENT.

    grpcio refuses headers past its metadata limit (8 KB soft, 16 KB hard, by default)
    and reports RESOURCE_EXHAUSTED instead of the server's status; the server keeps its
    statuses under 8 KB, so a default grpcio channel reads them every time.
    """
    base = examples["resolve-blocked.json"]
    many = copy.deepcopy(base)
    template = many["state"]["creatures"][0]
    many["state"]["creatures"] = [
        dict(template, id=f"{i}" + "x" * 4096, zone={"player": 0, "index": 9}) for i in range(150)
    ]
    long_id = copy.deepcopy(base)
    long_id["strike"]["attacker"] = "y" * 4096
    for what, document in (("150 violations", many), ("a 4 KB id", long_id)):
        request = json_format.ParseDict(document, rules_pb2.ResolveStrikeRequest())
        for _ in range(20):
            err = call_expecting_error(stub, request, grpc.StatusCode.INVALID_ARGUMENT)
        checks.passed += 1
        checks.true(f"{what}: the message says what is wrong", len(err.details()) > 0)
        if what == "150 violations":
            checks.true("150 violations: the message counts what it leaves out", " more)" in err.details())
            listed = unpack_details(err, error_details_pb2.BadRequest)[0].field_violations
            checks.true("150 violations: the details list some of them", 0 < len(listed) < 150)


def check_unreachable(stub, checks, examples):
    # The knight (zone 0:1, arrows up and up-left) reaches 1:3 and 1:4, not 1:0.
    request = json_format.ParseDict(examples["resolve-unreachable-target.json"], rules_pb2.ResolveStrikeRequest())
    err = call_expecting_error(stub, request, grpc.StatusCode.FAILED_PRECONDITION)
    checks.passed += 1
    checks.true(
        f"unreachable: the message starts with the rule egame.strike.target, got {err.details()!r}",
        (err.details() or "").startswith("egame.strike.target: "),
    )
    infos = unpack_details(err, error_details_pb2.ErrorInfo)
    checks.eq("unreachable: google.rpc.ErrorInfo details", len(infos), 1)
    checks.eq("unreachable: ErrorInfo (reason, domain)", (infos[0].reason, infos[0].domain),
              ("egame.strike.target", "fray.v1"))


def trace(response):
    """Each event as (rule, kind, its fields as a tuple), in order."""
    out = []
    for e in response.events:
        kind = e.WhichOneof("kind")
        fields = tuple(v for _, v in getattr(e, kind).ListFields())
        out.append((e.rule, kind, fields))
    return out


def check_castle_worked(stub, checks, examples):
    request = json_format.ParseDict(examples["resolve-castle-worked-example.json"], rules_pb2.ResolveStrikeRequest())
    response = stub.ResolveStrike(request, timeout=TIMEOUT_S)
    checks.eq("castle worked example: the trace", trace(response), [
        ("castle.attack.target", "card_revealed", ("b-knight", "gate")),
        ("castle.attack.stronger", "card_destroyed", ("b-knight",)),
        ("castle.attack.into_castle", "card_revealed", ("b-ogre", "castle")),
        ("castle.attack.weaker", "card_destroyed", ("a-ram",)),
        ("castle.attack.weaker", "card_returned", ("b-ogre", "castle")),
        ("castle.attack.weaker", "attack_ended", (5,)),
    ])
    board = response.state.castle_rampage
    checks.eq("castle worked example: Beatrix's Gate", [c.id for c in board.sides[1].gate], [])
    checks.eq("castle worked example: her Castle, top first", [c.id for c in board.sides[1].castle],
              ["b-ogre", "b-tower"])
    checks.eq("castle worked example: the discard, newest last", [c.id for c in board.discard],
              ["b-knight", "a-ram"])


def check_castle_win(stub, checks, examples):
    request = json_format.ParseDict(examples["resolve-castle-win.json"], rules_pb2.ResolveStrikeRequest())
    response = stub.ResolveStrike(request, timeout=TIMEOUT_S)
    over = events_of(response, "game_over")
    checks.eq("castle win: one game_over event", len(over), 1)
    checks.eq("castle win: the winner", over[0].game_over.winner, 0)
    checks.eq("castle win: game_over is the last event", response.events[-1].WhichOneof("kind"), "game_over")
    checks.eq("castle win: the phase", response.state.phase, 5)  # PHASE_GAME_OVER
    checks.eq("castle win: the winner in the state", response.state.winner, 0)
    checks.eq("castle win: her Castle", len(response.state.castle_rampage.sides[1].castle), 0)


def check_keyforge_fight(stub, checks, examples):
    request = json_format.ParseDict(examples["resolve-keyforge-fight.json"], rules_pb2.ResolveStrikeRequest())
    response = stub.ResolveStrike(request, timeout=TIMEOUT_S)
    checks.eq("keyforge fight: the trace", trace(response), [
        ("keyforge.fight.declare", "creature_exhausted", ("raider",)),
        ("keyforge.fight.declare", "fight_declared", ("raider", "squire")),
        ("keyforge.keyword.assault", "ability_resolved", ("raider:assault", "raider")),
        ("keyforge.damage.pending", "damage_pending", ("raider", "squire", 2)),
        ("keyforge.damage.ward", "ward_removed", ("squire",)),
        ("keyforge.damage.ward", "damage_prevented", ("squire", 2, "ward")),
        ("keyforge.fight.exchange", "fight_exchange", ("raider", "squire", 4, 3)),
        ("keyforge.damage.pending", "damage_pending", ("raider", "squire", 4)),
        ("keyforge.damage.pending", "damage_pending", ("squire", "raider", 3)),
        ("keyforge.damage.armor", "damage_prevented", ("squire", 2, "armor")),
        ("keyforge.damage.apply", "damage_dealt", ("raider", "squire", 2)),
        ("keyforge.damage.apply", "damage_dealt", ("squire", "raider", 3)),
        ("keyforge.ability.fight", "ability_resolved", ("raider.fight", "raider")),
        # from_player 1 onto the raider (to_player 0 is the default, so not listed).
        ("keyforge.effect.amber", "amber_moved", (1, 1, "raider")),
        ("keyforge.fight.end", "fight_ended", ("raider", "squire", True)),
    ])
    sides = response.state.keyforge.sides
    raider, squire = sides[0].battleline[0], sides[1].battleline[0]
    checks.eq("keyforge fight: the raider (damage, exhausted, amber on it)",
              (raider.damage, raider.exhausted, raider.amber), (3, True, 1))
    checks.eq("keyforge fight: the squire (damage, ward, armor used)",
              (squire.damage, squire.ward, squire.armor_used), (2, False, 2))
    checks.eq("keyforge fight: the amber pools", [s.amber for s in sides], [0, 2])
    checks.eq("keyforge fight: nothing pending", response.state.HasField("pending"), False)


def check_keyforge_order(stub, checks, examples):
    request = json_format.ParseDict(examples["resolve-keyforge-order.json"], rules_pb2.ResolveStrikeRequest())
    response = stub.ResolveStrike(request, timeout=TIMEOUT_S)
    checks.eq("keyforge order: the trace", [(rule, kind) for rule, kind, _ in trace(response)], [
        ("keyforge.fight.declare", "creature_exhausted"),
        ("keyforge.fight.declare", "fight_declared"),
        ("keyforge.order", "decision_requested"),
    ])
    pending = response.state.pending
    checks.eq("keyforge order: the decision (kind, options, may_decline)",
              (state_pb2.DecisionKind.Name(pending.kind), list(pending.options), pending.may_decline),
              ("DECISION_KIND_ORDER", ["raider:assault", "thornback:hazardous"], False))
    steps = [step.WhichOneof("step") for step in response.state.keyforge.resolution]
    checks.eq("keyforge order: the resolution waiting in the state", steps, ["fight", "window"])

    answer = rules_pb2.ApplyActionRequest(state=response.state)
    answer.action.choice.option = "raider:assault"
    applied = stub.ApplyAction(answer, timeout=TIMEOUT_S)
    checks.eq("keyforge order: the answer's trace", trace(applied), [
        ("keyforge.keyword.assault", "ability_resolved", ("raider:assault", "raider")),
        ("keyforge.damage.pending", "damage_pending", ("raider", "thornback", 2)),
        ("keyforge.damage.apply", "damage_dealt", ("raider", "thornback", 2)),
        ("keyforge.damage.destroy", "creature_tagged", ("thornback",)),
        ("keyforge.destroy.leave_play", "creature_destroyed", ("thornback",)),
        ("keyforge.fight.cut_short", "fight_ended", ("raider", "thornback")),
    ])
    sides = applied.state.keyforge.sides
    checks.eq("keyforge order: player 1's battleline", [c.id for c in sides[1].battleline], [])
    checks.eq("keyforge order: player 1's discard", list(sides[1].discard), ["Thornback"])
    checks.eq("keyforge order: the resolution is done", len(applied.state.keyforge.resolution), 0)


def check_dog_fight_return_fire(stub, checks, examples):
    request = json_format.ParseDict(examples["resolve-dog-fight-return-fire.json"], rules_pb2.ResolveStrikeRequest())
    response = stub.ResolveStrike(request, timeout=TIMEOUT_S)
    rules = [(e.rule, e.WhichOneof("kind")) for e in response.events]
    checks.eq("dog fight: the trace", rules, [
        ("dogfight.attack.declare", "attack_declared"),
        ("dogfight.window.attacker", "decision_requested"),
        ("dogfight.window.attacker", "card_played"),
        ("dogfight.window.attacker", "response_passed"),
        ("dogfight.window.target", "decision_requested"),
        ("dogfight.window.target", "card_played"),
        ("dogfight.window.target", "response_passed"),
        ("dogfight.resolve", "damage_dealt"),
        ("dogfight.destroy", "vessel_destroyed"),
        ("dogfight.player_out", "player_out"),
        ("dogfight.mitigate", "damage_mitigated"),
        ("dogfight.mitigate", "damage_mitigated"),
        ("dogfight.attack.resolves", "damage_dealt"),
        ("dogfight.win", "game_over"),
    ])
    hits = [(e.damage_dealt.source, e.damage_dealt.target, e.damage_dealt.amount)
            for e in response.events if e.WhichOneof("kind") == "damage_dealt"]
    checks.eq("dog fight: the return fire, then the attack", hits, [("hauler", "viper", 3), ("viper", "hauler", 4)])
    layers = [(e.damage_mitigated.layer, e.damage_mitigated.amount)
              for e in response.events if e.WhichOneof("kind") == "damage_mitigated"]
    checks.eq("dog fight: shields then armor", layers, [("shields", 1), ("armor", 1)])
    board = response.state.dog_fight
    checks.eq("dog fight: what is left", [(v.id, v.hull) for v in board.vessels], [("hauler", 2)])
    checks.eq("dog fight: the winner", (response.state.phase, response.state.winner),
              (state_pb2.PHASE_GAME_OVER, 1))


def check_dog_fight_melee(stub, checks, examples):
    request = json_format.ParseDict(examples["new-game-dog-fight.json"], rules_pb2.NewGameRequest())
    dealt = stub.NewGame(request, timeout=TIMEOUT_S)
    board = dealt.state.dog_fight
    checks.eq("dog fight melee: four sides, three vessels each",
              (len(board.sides), sorted(v.controller for v in board.vessels)),
              (4, [p for p in range(4) for _ in range(3)]))
    checks.eq("dog fight melee: player 0 to move on turn 1",
              (dealt.state.active_player, dealt.state.turn, dealt.state.phase), (0, 1, state_pb2.PHASE_EVENT))
    legal = stub.LegalActions(rules_pb2.LegalActionsRequest(state=dealt.state), timeout=TIMEOUT_S)
    attacks = [a for a in legal.actions if a.WhichOneof("action") == "strike"]
    mine = {v.id for v in board.vessels if v.controller == 0}
    checks.true("dog fight melee: player 0's vessels may attack", attacks and all(a.strike.attacker in mine for a in attacks))
    applied = stub.ApplyAction(rules_pb2.ApplyActionRequest(state=dealt.state, action=attacks[0]), timeout=TIMEOUT_S)
    kinds = [e.WhichOneof("kind") for e in applied.events]
    checks.eq("dog fight melee: the attack is declared first", kinds[0], "attack_declared")
    state = applied.state
    checks.true("dog fight melee: the attack travels in the state, a response window waits",
                state.dog_fight.HasField("attack") and state.HasField("pending")
                and state.pending.kind == state_pb2.DECISION_KIND_RESPONSE)


def item_details(status, message_type):
    """The details of one google.rpc type in a batch item's or a stream answer's status."""
    found = []
    for detail in status.details:
        if detail.Is(message_type.DESCRIPTOR):
            message = message_type()
            detail.Unpack(message)
            found.append(message)
    return found


def check_batches(stub, checks, examples):
    request = json_format.ParseDict(examples["resolve-strike-batch.json"], rules_pb2.ResolveStrikeBatchRequest())
    response = stub.ResolveStrikeBatch(request, timeout=TIMEOUT_S)
    checks.eq("strike batch: one result per board", len(response.results), 3)
    blocked, refused, direct = response.results
    checks.true("strike batch: the first board is resolved",
                blocked.HasField("response") and not blocked.HasField("status"))
    blockers = [e.blocker_determined.blocker for e in events_of(blocked.response, "blocker_determined")]
    checks.eq("strike batch: the first board's blocker", blockers, ["wolf"])
    checks.eq("strike batch: the second board is refused on its own",
              (refused.HasField("response"), refused.status.code),
              (False, grpc.StatusCode.FAILED_PRECONDITION.value[0]))
    checks.true(f"strike batch: the refusal names the rule, got {refused.status.message!r}",
                refused.status.message.startswith("egame.strike.target: "))
    infos = item_details(refused.status, error_details_pb2.ErrorInfo)
    checks.eq("strike batch: the refusal's ErrorInfo (reason, domain)",
              [(i.reason, i.domain) for i in infos], [("egame.strike.target", "fray.v1")])
    as_rpc_status = status_pb2.Status.FromString(refused.status.SerializeToString())
    checks.eq("strike batch: the item's status reads as a google.rpc.Status (code, details)",
              (as_rpc_status.code, len(as_rpc_status.details)), (refused.status.code, 1))
    checks.eq("strike batch: the third board's direct hit", [p.hp for p in direct.response.state.players], [6, 5])

    request = json_format.ParseDict(examples["apply-action-batch.json"], rules_pb2.ApplyActionBatchRequest())
    response = stub.ApplyActionBatch(request, timeout=TIMEOUT_S)
    answered, refused = response.results
    checks.eq("action batch: the guard blocks",
              [e.blocker_determined.blocker for e in events_of(answered.response, "blocker_determined")], ["guard"])
    checks.eq("action batch: the second choice is refused", refused.status.code,
              grpc.StatusCode.INVALID_ARGUMENT.value[0])
    bad = item_details(refused.status, error_details_pb2.BadRequest)
    checks.eq("action batch: the refused field", [v.field for b in bad for v in b.field_violations],
              ["action.choice.option"])


def check_stream(stub, checks, examples):
    messages = [json_format.ParseDict(m, rules_pb2.PlayRequest()) for m in examples["play.json"]]
    answers = list(stub.Play(iter(messages), timeout=TIMEOUT_S))
    checks.eq("stream: one answer per message", len(answers), 4)
    listed, struck, refused, declined = answers
    legal = stub.LegalActions(rules_pb2.LegalActionsRequest(state=messages[0].state), timeout=TIMEOUT_S)
    checks.eq("stream: no action, the legal actions", list(listed.legal_actions), list(legal.actions))
    checks.eq("stream: the strike stops at the guard's block",
              (struck.state.pending.player, list(struck.state.pending.options)), (1, ["guard"]))
    checks.eq("stream: the refused summon's code", refused.status.code, grpc.StatusCode.FAILED_PRECONDITION.value[0])
    checks.eq("stream: ... and after it, the declined block's direct hit",
              [p.hp for p in declined.state.players], [6, 5])

    # A game played step by step: each message carries the state the previous answer
    # returned and one of its legal actions.
    dealt = stub.NewGame(rules_pb2.NewGameRequest(ruleset=state_pb2.RULESET_EGAME, seed=3), timeout=TIMEOUT_S)
    outbox = queue.Queue()

    def outgoing():
        while (message := outbox.get()) is not None:
            yield message

    answers = stub.Play(outgoing(), timeout=TIMEOUT_S)
    outbox.put(rules_pb2.PlayRequest(state=dealt.state))
    legal = list(next(answers).legal_actions)
    state, steps = dealt.state, 0
    while legal and steps < 30:
        action = legal[steps % len(legal)]
        outbox.put(rules_pb2.PlayRequest(state=state, action=action))
        answer = next(answers)
        unary = stub.ApplyAction(rules_pb2.ApplyActionRequest(state=state, action=action), timeout=TIMEOUT_S)
        checks.eq(f"stream game: step {steps} answers as ApplyAction", (answer.state, list(answer.events)),
                  (unary.state, list(unary.events)))
        state, legal, steps = answer.state, list(answer.legal_actions), steps + 1
    outbox.put(None)
    checks.eq("stream game: the stream ends once the client closes its side", list(answers), [])
    checks.true(f"stream game: {steps} steps played", steps >= 10)


def load_example(path):
    """One JSON value, or for a stream's example the JSON objects one after another."""
    text = path.read_text()
    decoder = json.JSONDecoder()
    values, at = [], 0
    while at < len(text):
        if text[at].isspace():
            at += 1
            continue
        value, at = decoder.raw_decode(text, at)
        values.append(value)
    return values[0] if len(values) == 1 else values


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("addr", help="the server, HOST:PORT")
    parser.add_argument("--examples", type=pathlib.Path, default=DEFAULT_EXAMPLES,
                        help=f"the example requests (default {DEFAULT_EXAMPLES})")
    args = parser.parse_args()

    examples = {}
    for name in EXAMPLES:
        path = args.examples / name
        try:
            examples[name] = load_example(path)
        except (OSError, ValueError) as err:
            print(f"python interop: cannot load {path}: {err}", file=sys.stderr)
            return 1

    checks = Checks()
    with grpc.insecure_channel(args.addr) as channel:
        try:
            grpc.channel_ready_future(channel).result(timeout=TIMEOUT_S)
        except grpc.FutureTimeoutError:
            print(f"python interop: cannot connect to {args.addr}", file=sys.stderr)
            return 1
        stub = rules_pb2_grpc.RulesStub(channel)
        for check in (check_blocked, check_direct, check_invalid, check_statuses_fit_grpcio, check_unreachable,
                      check_castle_worked,
                      check_castle_win, check_keyforge_fight, check_keyforge_order, check_dog_fight_return_fire,
                      check_dog_fight_melee, check_batches, check_stream):
            try:
                check(stub, checks, examples)
            except Mismatch as err:
                print(f"python interop: FAILED in {check.__name__}: {err}", file=sys.stderr)
                return 1
            except grpc.RpcError as err:
                print(f"python interop: FAILED in {check.__name__}: {err.code().name}: {err.details()}",
                      file=sys.stderr)
                return 1
    print(f"python interop: {checks.passed} checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
