"""Reverse Geography War: the weaker card wins.

URL parameters (see ``ui.games.session``): ``seed`` (the deal) and ``mode`` (``play``, or
``practice`` to predict every flip before it is resolved).
"""

import time

import streamlit as st

import ui.games.reverse_war as rw
import ui.games.session as gv
from engine.cards import Category
from engine.reverse_war import FLIP
from ui.cards import ordinal
from ui.maps import us_map
from ui.nav import page_setup

page_setup()

KEY = "reverse_war"

tab = gv.current_table(KEY, "reverse_war", choices=(rw.MODE,), table_cls=rw.WarTable)
gv.page_top(
    tab,
    "Reverse Geography War",
    "Here the weaker card wins: the card whose worst rank is worse takes both. Win all 50 cards.",
)
state = tab.state
practice = tab.setup.option("mode") == "practice"


def _set_mode(key: str) -> None:
    value = st.session_state.get(key) or "play"
    tab.setup = tab.setup.with_option("mode", value)
    tab.extra["auto"] = False


def _set_auto(key: str) -> None:
    tab.extra["auto"] = bool(st.session_state.get(key))
    tab.extra["auto_at"] = 0.0


def _set_speed(key: str) -> None:
    tab.extra["speed"] = st.session_state.get(key) or "Normal"


def _flips(n: int | None, version: int) -> None:
    if version == tab.version:
        rw.flip(tab, n)


top = st.container(horizontal=True, vertical_alignment="center", gap="medium")
mode_key = f"{KEY}_mode_{tab.serial}"
top.segmented_control(
    "Mode",
    list(rw.MODE.values),
    format_func=lambda v: {"play": "Play", "practice": "Practice: predict each flip"}[v],
    default="practice" if practice else "play",
    required=True,
    key=mode_key,
    on_change=_set_mode,
    args=(mode_key,),
    label_visibility="collapsed",
)
with top:
    gv.preference_toggles(tab, follow=False, hints=practice)


def pile_chart() -> None:
    st.html(rw.piles_svg(state.pile_history))
    st.caption(rw.piles_sentence(state.pile_history))


def battle_map(battle, key: str) -> None:
    roles, notes = rw.map_roles(battle)
    us_map(
        key,
        roles,
        notes=notes,
        words={"mine": "your card", "theirs": "the AI's card"},
        height=300,
        label="The two cards on the map",
    )


def show_battle(battle) -> None:
    st.markdown(rw.headline(battle))
    st.markdown(f"**{rw.winner_sentence(battle)}**")
    st.html(rw.battle_html(battle))
    lines = rw.describe_battle(tab, battle)
    st.markdown("\n".join(f"- {line}" for line in lines))


def status() -> None:
    s = rw.stats(tab)
    chips = [
        ("Flip", str(state.turn)),
        ("Your pile", str(state.scores[0])),
        ("AI pile", str(state.scores[1])),
        ("Wars", str(s.wars)),
        ("GeoPlunges", f"you {s.plunges[0]} · AI {s.plunges[1]}"),
    ]
    if practice:
        chips.append(("Predictions", rw.score_text(tab)))
    gv.status_bar(chips)


def compare_hint(a, b) -> None:
    """What to compare before predicting: the worst ranks, then rank by rank."""
    rows = " · ".join(f"{c.label} {ordinal(a.rank(c))} / {ordinal(b.rank(c))}" for c in Category)
    st.info(
        f"Hint: compare the worst ranks — {a.name} {rw.weakness_text(a)}, "
        f"{b.name} {rw.weakness_text(b)}. For a GeoPlunge the weaker card must be worse in "
        f"every category: {rows} (yours / the AI's).",
        icon=":material/lightbulb:",
    )


def predict_widgets() -> None:
    found = rw.predictions(tab)
    battle = state.last_battle
    if found and battle is not None and found[-1].turn == battle.turn:
        p = found[-1]
        good = p.winner_right and p.plunge_right
        (st.success if good else st.warning)(
            rw.prediction_feedback(p, battle),
            icon=":material/check:" if good else ":material/info:",
        )
    pair = rw.next_pair(state)
    if pair is None:
        return
    a, b = pair
    st.markdown(f"**Flip {state.turn + 1}: the two cards are turned.** Which one wins?")
    tiles = rw.card_tile(a, "You", weakness=tab.hints) + rw.card_tile(b, "AI", weakness=tab.hints)
    st.html(f"<div class='gp-hand'>{tiles}</div>")
    if tab.hints:
        compare_hint(a, b)
    said = st.segmented_control(
        "Which card wins?",
        list(rw.OUTCOMES),
        format_func=lambda v: {
            rw.YOU: f"Yours ({a.name})",
            rw.AI: f"The AI's ({b.name})",
            rw.WAR: "A tie: War",
        }[v],
        key=tab.wkey("said"),
    )
    plunge = st.segmented_control(
        "A GeoPlunge?", ["yes", "no"], format_func=str.capitalize, key=tab.wkey("plunge")
    )
    ready = said is not None and plunge is not None
    if not ready:
        st.caption("Make both predictions, then turn the cards over.")
    st.button(
        "Resolve the flip",
        key=tab.bkey("resolve"),
        type="primary",
        icon=":material/style:",
        width="stretch",
        disabled=not ready,
        help=None if ready else "Choose the winner and say whether it is a GeoPlunge first.",
        on_click=rw.predict,
        args=(tab, said, plunge == "yes", tab.version),
    )


def controls() -> None:
    row = st.container(horizontal=True, gap="small")
    with row:
        if not practice:
            gv.action_button(tab, "Flip", FLIP, name="flip", icon=":material/style:", primary=True)
        label = "10 flips" + (" (not scored)" if practice else "")
        st.button(
            label,
            key=tab.bkey("ten"),
            width="stretch",
            on_click=_flips,
            args=(10, tab.version),
        )
        st.button(
            "Play to the end",
            key=tab.bkey("end"),
            width="stretch",
            icon=":material/fast_forward:",
            on_click=_flips,
            args=(None, tab.version),
        )
    if not practice:
        auto = st.container(horizontal=True, vertical_alignment="center", gap="medium")
        auto_key = f"{KEY}_auto_{tab.serial}"
        auto.toggle(
            "Auto-play",
            value=bool(tab.extra.get("auto")),
            key=auto_key,
            on_change=_set_auto,
            args=(auto_key,),
        )
        speed_key = f"{KEY}_speed_{tab.serial}"
        auto.segmented_control(
            "Speed",
            list(rw.SPEEDS),
            default=tab.extra.get("speed", "Normal"),
            required=True,
            key=speed_key,
            on_change=_set_speed,
            args=(speed_key,),
            label_visibility="collapsed",
        )


auto_on = bool(tab.extra.get("auto")) and not practice and not state.is_over
interval = rw.SPEEDS[tab.extra.get("speed", "Normal")]


@st.fragment(run_every=interval if auto_on else None)
def board() -> None:
    """The part that changes with every flip (rerun alone while auto-playing)."""
    if tab.extra.get("auto") and not practice and not state.is_over:
        now = time.monotonic()
        if now - tab.extra.get("auto_at", 0.0) >= interval * 0.75:
            rw.flip(tab, 1)
            tab.extra["auto_at"] = now
        if state.is_over:
            tab.extra["auto"] = False
            st.rerun()
    status()
    battle = state.last_battle
    left, right = st.columns([3, 2], gap="large")
    with left:
        if battle is not None:
            fresh = [s.after for s in tab.history[tab.seen :] if s.after is not None]
            if len(fresh) > 1:
                st.markdown(rw.flips_summary(fresh))
            st.markdown(f"**Last flip (flip {battle.turn})**")
            show_battle(battle)
        else:
            st.info("The cards are dealt: 25 each. Turn the first pair!")
        gv.show_message(tab)
    with right:
        if battle is not None:
            battle_map(battle, f"{KEY}_map_{tab.serial}")
        st.caption("Cards in each pile after every flip")
        pile_chart()


if state.is_over:
    s = rw.stats(tab)
    won = state.winner == gv.HUMAN
    summary = [
        f"{s.flips} flips, {s.wars} Geography War{'s' if s.wars != 1 else ''}"
        + (f" ({s.double_wars} double or more)" if s.double_wars else "")
        + ".",
        f"GeoPlunges: you {s.plunges[0]}, the AI {s.plunges[1]}.",
        f"The most cards won in one flip: {s.biggest}.",
    ]
    if rw.predictions(tab):
        summary.append(f"Your predictions: {rw.score_text(tab)}.")
    summary.append(f"Deal {tab.setup.seed}.")
    gv.end_screen(
        tab,
        rw.result_text(tab).replace("**", ""),
        kind="success" if won else ("info" if state.winner is None else "error"),
        summary=summary,
    )
    battle = state.last_battle
    left, right = st.columns([3, 2], gap="large")
    with left:
        if battle is not None:
            st.markdown(f"**The last flip (flip {battle.turn})**")
            show_battle(battle)
    with right:
        if battle is not None:
            battle_map(battle, f"{KEY}_map_end_{tab.serial}")
        st.caption("Cards in each pile after every flip")
        pile_chart()
else:
    if practice:
        predict_widgets()
    controls()
    board()

gv.log_panel(tab, rw.describe, since=False)
gv.rules_expander(rw.RULES)
gv.setup_panel(tab)
