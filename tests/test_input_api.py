"""Bad input at the Python API: every public door refuses unchecked input with an InputError naming
the field, arguments of the wrong kind too, and threads and workers are capped; what the API gives
back reads like the game (reprs to paste, results read back from JSON, a table by seat and strain)."""

import json

import pytest

from conftest import ROOT
from preferans import Engine, Game, InputError, Position, Result, batch_values, make_position, parse_game, solve
from preferans.analysis import best_contract, best_discard, dd_table, discard_values
from preferans.notation import parse_hand
from preferans.problemfile import load
from preferans.rules import TalonMode


FIVE_ONE_ONE = Position((parse_hand("♠AKQJ10"), parse_hand("♣A"), parse_hand("♦A")), 0)

CONTRACT = Game.contract(6, 0, 0)

DEAL10 = tuple(parse_hand(h) for h in ("♠AKQJ10 ♣AKQJ10", "♠987 ♣987 ♦AKQJ", "♦10987 ♥AKQJ109"))

TALON = (parse_hand("♥8").bit_length() - 1, parse_hand("♥7").bit_length() - 1)


# -- every public door checks what it is given -----------------------------------------------------


@pytest.mark.parametrize("call, field", [
    (lambda: solve(FIVE_ONE_ONE, CONTRACT), "deal"),
    (lambda: solve(Position(DEAL10, 0, (), TALON), CONTRACT), "deal.talon"),
    (lambda: solve(Position(DEAL10, 0, (), TALON), Game.raspasy(TalonMode.NONE)), "deal.talon"),
    (lambda: solve(Position(DEAL10, 0), Game.raspasy(TalonMode.SUIT)), "deal.talon"),
    (lambda: solve(Position(DEAL10, 1, (), TALON), Game.raspasy(TalonMode.DEALER)), "game.leader"),
    (lambda: solve("♠A ♣A ♦A", CONTRACT), "position"),
    (lambda: solve(Position(DEAL10, 0), "6S"), "game"),
    (lambda: solve(Position(DEAL10, 0), Game.contract(11, 0, 0)), "game.contract"),
    (lambda: solve(Position(DEAL10, 0), Game.contract(6, 0, 3)), "game.declarer"),
    (lambda: solve(Position((1, 2, 1 << 40), 0), CONTRACT), "deal.C"),
    (lambda: solve(Position((1, 1, 2), 0), CONTRACT), "deal.B"),
    (lambda: solve(Position((1, 2, 4), 3), CONTRACT), "game.leader"),
    (lambda: Engine().value(FIVE_ONE_ONE, CONTRACT, 0), "deal"),
    (lambda: Engine().value(Position(DEAL10, 0), CONTRACT, 3), "focus"),
    (lambda: Engine().reaches(FIVE_ONE_ONE, CONTRACT, 0, 1), "deal"),
    (lambda: Engine().card_values(Position(DEAL10, 0, (), TALON), CONTRACT, 0), "deal.talon"),
    (lambda: Engine().best_line(FIVE_ONE_ONE, CONTRACT, 0), "deal"),
    (lambda: batch_values([Position(DEAL10, 0), FIVE_ONE_ONE], [CONTRACT] * 2, [0, 0]), "positions[1].deal"),
    (lambda: batch_values([Position(DEAL10, 0)], [CONTRACT], [0, 1]), "positions"),
    (lambda: discard_values(DEAL10, 0, CONTRACT), "deal"),
    (lambda: discard_values(DEAL10, 1, CONTRACT), "declarer"),
    (lambda: discard_values(DEAL10, 0, Game.raspasy()), "game.kind"),
    (lambda: best_discard((DEAL10[0], DEAL10[0], DEAL10[2]), 0, CONTRACT), "deal.B"),
    (lambda: best_contract(DEAL10, 5), "declarer"),
    (lambda: dd_table(DEAL10, (TALON[0],)), "deal.talon"),
    (lambda: dd_table(DEAL10, (DEAL10[0].bit_length() - 1, TALON[1])), "deal.talon"),
    (lambda: dd_table(FIVE_ONE_ONE.hands), "deal"),
    (lambda: dd_table(DEAL10, TALON, leader=7), "leader"),
    (lambda: dd_table(DEAL10, TALON, raspasy_talon="both"), "game.raspasy_talon"),
])
def test_every_public_door_refuses_unchecked_input(call, field):
    with pytest.raises(InputError) as e:
        call()
    assert e.value.field == field, str(e.value)
    assert "\n" not in str(e.value)


@pytest.mark.parametrize("call, field", [
    (lambda s, p, g: s.solve(p, g, options="fast"), "options"),
    (lambda s, p, g: s.solve(p, g, engine="e"), "engine"),
    (lambda s, p, g: s.solve(p, g, engine=s.Engine(), options=s.Options()), "options"),
    (lambda s, p, g: s.Engine(s.Options(tt_log2_size=40)), "options.tt_log2_size"),
    (lambda s, p, g: s.Options(tt_log2_size="20"), "options.tt_log2_size"),
    (lambda s, p, g: s.Options(bounds="no"), "options.bounds"),
    (lambda s, p, g: s.Engine("fast"), "options"),
    (lambda s, p, g: s.batch_values([p], [g], [0], threads=0), "threads"),
    (lambda s, p, g: s.batch_values([p], [g], [0], options="fast"), "options"),
])
def test_api_arguments_of_the_wrong_kind_are_input_errors(call, field):
    import preferans
    from preferans import parse_game

    game = parse_game("contract", contract="6S", declarer="A")
    position = make_position(A="♠AK", B="♠QJ", C="♣AK")
    with pytest.raises(InputError) as e:
        call(preferans, position, game)
    assert e.value.field == field and "\n" not in str(e.value)


def test_cards_on_the_table_keep_their_order():
    game = parse_game("contract", contract="6NT", declarer="C")
    hands = dict(A="♠Q", B="♠J", C="♣QJ")
    first = make_position(**hands, trick="♠A ♠K", game=game)
    second = make_position(**hands, trick=["♠K", "♠A"], game=game)
    assert first.trick == tuple(reversed(second.trick))
    with pytest.raises(InputError) as e:
        make_position(**hands, trick=["♠AK"], game=game)
    assert e.value.field == "game.trick"


def test_make_position_keeps_the_talon_whether_or_not_a_game_is_given():
    hands = dict(A="♠AKQJ10 ♣AKQJ10", B="♠987 ♣987 ♦AKQJ", C="♦10987 ♥AKQJ109")
    raspasy = parse_game("raspasy", raspasy_talon="dealer")
    without = make_position(**hands, talon="8H 7H")
    assert without.talon == TALON
    assert make_position(**hands, talon="8H 7H", game=raspasy) == without
    assert solve(without, raspasy).tricks == solve(make_position(**hands, talon="8H 7H", game=raspasy), raspasy).tricks
    contract = make_position(**hands, talon="8H 7H", game=parse_game("contract", contract="6S", declarer="A"))
    assert contract.talon == ()  # out of play, as the game says
    with pytest.raises(InputError, match="turns no talon card"):
        solve(without, parse_game("contract", contract="6S", declarer="A"))


# -- threads and workers capped by the cores and the memory ----------------------------------------


def test_workers_are_capped_by_cores_and_by_memory(monkeypatch):
    from preferans import workers

    monkeypatch.setattr(workers, "cores", lambda: 2)
    monkeypatch.setattr(workers, "available_memory", lambda: 64 << 30)
    assert workers.cap_workers(None, workers.table_bytes(20)) == (2, None)
    assert workers.cap_workers(2, workers.table_bytes(20)) == (2, None)
    n, note = workers.cap_workers(1024, workers.table_bytes(20))
    assert n == 2 and "1024 capped at 2" in note and "2 core" in note
    monkeypatch.setattr(workers, "cores", lambda: 64)
    monkeypatch.setattr(workers, "available_memory", lambda: 1 << 30)  # 1 GB, 3/4 of it: 24 tables of 32 MB
    n, note = workers.cap_workers(64, workers.table_bytes(20))
    assert n == int((1 << 30) * workers.MEMORY_SHARE) // workers.table_bytes(20) == 24
    assert "memory" in note
    assert workers.cap_workers(64, 1 << 40)[0] == 1  # never fewer than one


def test_the_table_entry_size_is_the_kernels():
    from preferans import workers
    from preferans.kernel import tt

    assert workers.TABLE_ENTRY_BYTES == tt.ENTRY_BYTES == tt.new_table(6).nbytes // 64


def test_batch_values_caps_its_threads():
    from preferans import batch_values, parse_game

    game = parse_game("contract", contract="6S", declarer="A")
    position = make_position(A="♠AK", B="♠QJ", C="♣AK")
    values, _ = batch_values([position] * 3, [game] * 3, [0] * 3, threads=100_000)  # 100,000 tables: 3.7 TB
    assert list(values) == [2, 2, 2]


# -- what the API gives back reads like the game ---------------------------------------------------


def test_positions_and_games_print_as_pasteable_code():
    game = parse_game("raspasy", raspasy_talon="dealer")
    position = make_position(A="♠AKQJ10 ♣AKQJ10", B="♠987 ♣987 ♦AKQJ", C="♦10987 ♥AKQJ109", talon="8H 7H",
                             game=game)
    for thing in (position, game, Game.contract(7, "NT", "C"), Game.misere("B"),
                  Position.from_text("♠A / ♦8 / ♣AK", leader="C", trick="7C")):
        text = repr(thing)
        assert text.startswith(("Position.from_text(", "Game.")), text
        assert eval(text, {"Position": Position, "Game": Game}) == thing
    assert repr(Game.contract(7, 4, 2)) == "Game.contract(7, 'NT', 'C')"


def test_results_read_back_from_json_and_print_readably():
    game = parse_game("contract", contract="6S", declarer="A")
    result = solve(make_position(A="♠AK", B="♠QJ", C="♣AK"), game)
    back = Result.from_json(json.loads(json.dumps(result.to_json())))
    assert back == result
    assert repr(result).startswith("<Result 6S by A: 2 tricks;")
    out = result.to_json()
    assert out["deal"] == {"A": ["AS", "KS"], "B": ["QS", "JS"], "C": ["AC", "KC"]}
    assert out["game"] == {"kind": "contract", "leader": "A", "contract": "6S", "declarer": "A"}
    assert out["verdict"] is None and out["tricks_left"] == 2  # an ending has no made/down
    with pytest.raises(InputError) as e:
        Result.from_json({**out, "deal": {"A": ["AS"], "B": ["QS", "JS"], "C": ["AC", "KC"]}})
    assert e.value.field == "deal"


@pytest.mark.parametrize("contract, verdict", [("6NT", "made"), ("10S", "made"), ("6H", "down")])
def test_results_of_a_full_deal_say_made_or_down(contract, verdict):
    hands = dict(A="♠AKQJ10 ♣AKQJ10", B="♠987 ♣987 ♦AKQJ", C="♦10987 ♥AKQJ109")
    game = parse_game("contract", contract=contract, declarer="A")
    result = solve(make_position(**hands, game=game), game, with_line=False, with_card_values=False)
    assert result.verdict == verdict
    misere = parse_game("misere", declarer="C")
    assert solve(make_position(**hands), misere, with_line=False).verdict in ("clean", "caught")


def test_the_table_is_indexed_by_seat_and_strain():
    hands = tuple(parse_hand(h) for h in ("♠AK ♦7", "♠QJ ♦8", "♣AK ♦9"))
    table = dd_table(hands)
    assert table["A", "S"] == table[0, 0] == table.contracts[0, 0]
    assert table["B", "misere"] == table.misere[1] and table["C", "raspasy"] == table.raspasy[2]
    assert table["A", "NT"] == table.contracts[0, 4]


def test_as_good_cards_come_from_the_solver_not_the_cli():
    from preferans.analysis import tricks_of_line
    from preferans.engine import Engine
    game = parse_game("misere", declarer="B")
    problem = load(ROOT / "problems" / "kovalevskaya-misere.toml")
    position = problem.position()
    engine = Engine()
    result = solve(position, game, engine=engine)
    tricks = tricks_of_line(position, game, result.line, game.declarer, engine)
    assert len(tricks) == 10 and sum(t.winner == 1 for t in tricks) == result.tricks == 1
    with pytest.raises(InputError) as e:
        tricks_of_line(position, game, [result.line[1]], game.declarer)
    assert e.value.field == "line[0]"


@pytest.mark.parametrize("seed, said", [(10 ** 5000 - 1, "at most 40 digits"), ("7", "a whole number is needed, not '7'"),
                                        (1.5, "a whole number is needed, not 1.5"), (True, "a whole number is needed")],
                         ids=["5000 digits", "text", "float", "bool"])
def test_a_seed_the_cli_refuses_is_refused_by_the_api_too(seed, said):
    """pref estimate, book and bench take a whole number of at most 40 digits; so do their Python calls."""
    from preferans.analysis import estimate as est
    from preferans.analysis.book.runner import run
    from preferans.benchmark import deals

    question = est.question(hand="♠AKQJx ♥AKx ♦Ax", seat="A", games=["6S A"])
    for call in (lambda: est.estimate(question, 2, seed=seed, workers=1), lambda: deals(1, seed),
                 lambda: next(run(rows=[], seed=seed))):
        with pytest.raises(InputError) as refused:
            call()
        assert refused.value.field == "seed" and said in str(refused.value)
    assert len(deals(1, -(10 ** 40 - 1))) == 1  # 40 digits and a sign are a seed
