"""GeoPower Toss against one to five AI players, alone or in teams, or at a shared table
(``ui.games.shared.lobby``: classmates on their own devices, AI in the other seats).

URL parameters (see ``ui.games.session``): ``seed`` (the deal), ``players`` (2 to 6), ``teams``
(4 players: 2; 6 players: 2 or 3; left out: everyone plays alone) and ``levels`` (one AI
level per opponent, comma-separated: easy, medium or hard); at a shared table ``seat`` (the
seat's token) instead. Everything is drawn from the observation of this screen's seat
(``tab.me``).
"""

from html import escape

import streamlit as st

import ui.games.geopower_toss as gp
import ui.games.session as gv
from engine.cards import Category
from engine.geopower_toss import CALL, CALLS, DRAFT, PASS, PLAY, Play, Remove
from ui.cards import card_html, ordinal
from ui.maps import us_map
from ui.nav import page_setup

page_setup()

KEY = "geopower_toss"

tab = gv.current_table(KEY, "geopower_toss", choices=(gv.TARGET,), table_cls=gp.TossTable)
gv.page_top(
    tab,
    "GeoPower Toss",
    "Follow the Zone that was led and win tricks with the round's GeoPower category — size, "
    f"statehood or population. The first to {tab.state.target} points wins.",
)
gv.preference_toggles(tab)
waiting = gv.advance(tab)
state = tab.state
me = tab.me
obs = state.observation(me)
mine = tab.humans_turn and not waiting
my_unit = obs.team_of[me]

# --- status ---------------------------------------------------------------------------------

if state.is_over:
    turn_text = "Game over"
elif mine:
    turn_text = "Your turn: " + (
        "remove a GeoPower card"
        if obs.phase == DRAFT
        else "call GeoPlunge or pass"
        if obs.phase == CALLS
        else "lead"
        if not obs.trick
        else "play"
    )
else:
    turn_text = f"{tab.seat_name(obs.to_act)}'s turn"
if state.is_over:
    chips = [("Rounds", str(len(obs.results)))]
else:
    chips = [
        ("Round", str(obs.round_index + 1)),
        ("GeoPower", obs.category.label if obs.category else "being chosen"),
        ("Trick", f"{gp.trick_number(obs)} of 8" if obs.phase in (PLAY, CALLS) else "—"),
        ("Dealer", tab.seat_name(obs.dealer)),
    ]
for unit in range(gp.units(obs)):
    called = any(u == unit for _, u in obs.calls) and not state.is_over
    n = obs.unit_tricks[unit]
    chips.append(
        (
            gp.unit_label(tab, obs, unit),
            f"{obs.scores[unit]} pts"
            + ("" if state.is_over else f" · {n} trick{'s' if n != 1 else ''}")
            + (" · GeoPlunge!" if called else ""),
        )
    )
chips.append((turn_text, ""))
gv.status_bar(chips, hot=len(chips) - 1 if mine else None)


def seating_html() -> str:
    """The seats in playing order, each chip edged in its team's colour (team games)."""
    parts = []
    for seat in range(obs.players):
        team = obs.team_of[seat]
        colour = gp.TEAM_COLORS[team % len(gp.TEAM_COLORS)]
        name = "You" if seat == me else tab.seat_name(seat)
        parts.append(
            f"<span class='gp-chip' style='border:2px solid {colour}'>{escape(name)} "
            f"<b>team {team + 1}</b></span>"
        )
    order = " → ".join(parts)
    return (
        "<div class='gp-status' style='align-items:center'>"
        f"<span style='font-size:.9rem'>Seats, in playing order:</span> {order}</div>"
    )


if obs.teams:
    st.html(seating_html())
    mates = [s for s in gp.members(obs, my_unit) if s != me]
    st.caption(
        f"Your partner{'s' if len(mates) > 1 else ''}: "
        + ", ".join(tab.seat_name(s) for s in mates)
        + ". Partners sit apart; a team's tricks are added up."
    )


# --- pieces ---------------------------------------------------------------------------------


def draw_map(parts: gp.MapParts, key: str, height: int = 340) -> None:
    st.markdown(f"**{parts.caption}**")
    us_map(
        key,
        parts.roles,
        notes=parts.notes,
        words=parts.legend,
        labels=parts.labels,
        symbols=parts.symbols,
        height=height,
        label=parts.caption,
    )


def power_html(categories, caption: str = "") -> str:
    """GeoPower cards as small tiles."""
    tiles = "".join(
        "<div class='gp-slot' style='min-width:5.5rem;max-width:6.5rem;flex:0 0 5.8rem;"
        "text-align:center;border-style:solid;border-color:#444;background:#fff;"
        "padding:.4rem .3rem'>"
        f"<small>GeoPower</small><br><b>{escape(c.label)}</b></div>"
        for c in categories
    )
    extra = f"<div style='font-size:.9rem;color:#555'>{escape(caption)}</div>" if caption else ""
    return f"<div class='gp-hand'>{tiles}</div>{extra}"


def trick_html(plays, category: Category, winner: int | None = None) -> str:
    """The cards of a trick, each captioned with its player and rank; the best outlined."""
    zone = plays[0][1].zone
    top = winner if winner is not None else gp.best_play(plays, category)[0]
    tiles = []
    for i, (seat, card) in enumerate(plays):
        who = "You" if seat == me else gp.seat_tag(tab, obs, seat)
        what = "led" if i == 0 else "played"
        rank = f"{category.label} {ordinal(card.rank(category))}"
        off = "" if card.zone == zone else " · off-Zone"
        tile = card_html(card, caption=f"{what} by {who} · {rank}{off}", dim=card.zone != zone)
        if seat == top:
            tile = tile.replace("class='gp-card", "class='gp-card pick", 1)
        tiles.append(tile)
    return f"<div class='gp-hand'>{''.join(tiles)}</div>"


CONFIRM = "confirm_call"  # tab.extra: the version at which the human asked to call
ANSWER_FIRST = "Answer the GeoPlunge call first."


def asking() -> bool:
    """Whether the GeoPlunge call waits for its Yes or No (the other move buttons wait too:
    a card played meanwhile would drop the call unsaid)."""
    return CALL in obs.legal and tab.extra.get(CONFIRM) == tab.version


def _ask_to_confirm(version: int) -> None:
    if version == tab.version:
        tab.extra[CONFIRM] = version


def _cancel_call() -> None:
    tab.extra.pop(CONFIRM, None)


def call_button() -> None:
    """The GeoPlunge call, offered until the first card of the 5th trick. A first click asks
    for confirmation, saying what the call means; only "Yes, call GeoPlunge" calls."""
    if asking():
        with st.container(border=True, key=tab.bkey("call_confirm_box")):
            st.markdown("**Call GeoPlunge?** " + gp.call_meaning(obs))
            st.caption(f"{ANSWER_FIRST} Until then no other move can be made.")
            row = st.container(horizontal=True, gap="small")
            with row:
                gv.action_button(
                    tab,
                    "Yes, call GeoPlunge",
                    CALL,
                    name="call_yes",
                    icon=":material/bolt:",
                )
                st.button(
                    "No, don't call",
                    key=tab.bkey("call_no"),
                    icon=":material/close:",
                    width="stretch",
                    on_click=_cancel_call,
                )
    elif CALL in obs.legal:
        st.button(
            "Call GeoPlunge",
            key=tab.bkey("call"),
            type="secondary",
            icon=":material/bolt:",
            width="stretch",
            help="Promise that you"
            + (" and your team" if obs.teams else "")
            + " will win at least 6 of the 8 tricks: 15 more points if you do, nothing this "
            "round if you don't. You are asked to confirm.",
            on_click=_ask_to_confirm,
            args=(tab.version,),
        )
        if obs.phase != CALLS:
            st.caption(
                "You may call GeoPlunge until the first card of the 5th trick is played; "
                "after the 4th trick everyone gets a last chance."
            )
    elif any(u == my_unit for _, u in obs.calls):
        st.caption(
            "GeoPlunge called: " + ("your team needs" if obs.teams else "you need") + " 6 tricks."
        )
    elif not obs.call_open:
        st.caption("The GeoPlunge call closed when the 5th trick started.")


def calls_line() -> str:
    if not obs.calls:
        return ""
    who = [
        f"{'you' if s == me else tab.seat_name(s)}"
        + (f" (for {gp.unit_name(tab, obs, u)})" if obs.teams else "")
        for s, u in obs.calls
    ]
    return "GeoPlunge called by " + ", ".join(who) + ": 6 tricks or nothing."


def call_window_widgets() -> None:
    """After the 4th trick: the human's last chance to call, before the 5th trick's lead."""
    with left:
        st.markdown(
            "**Trick 4 is over: last chance to call GeoPlunge.** Everyone whose side has not "
            "called is asked in turn before the 5th trick is led. Call, or pass to go on."
        )
        gv.show_message(tab)
        if tab.extra.get(CONFIRM) != tab.version:
            gv.action_button(
                tab,
                "Pass: no call",
                PASS,
                name="pass",
                primary=True,
                icon=":material/skip_next:",
            )
        call_button()
    with below:
        st.markdown("**Your hand**")
        gv.show_cards(obs.hand)


def draft_widgets() -> None:
    with left:
        removed = ", ".join(
            f"{'you' if s == me else tab.seat_name(s)} removed {c.label}" for s, c in obs.removed
        )
        st.markdown(
            "**Choose the round's GeoPower card.** "
            + (f"So far {removed}. " if removed else "")
            + "Remove one of the cards face up; the last one left ranks every trick of the round."
        )
        st.html(power_html(obs.face_up, f"{len(obs.face_up)} face up"))
        if tab.hints:
            strength = gp.draft_strength(obs)
            weakest = min(strength, key=strength.get)
            text = "; ".join(f"{c.label} about {v:.1f}" for c, v in strength.items())
            st.info(
                f"Hint: the tricks your hand would win as leads with each category — {text}. "
                f"Remove **{weakest.label}**, where your cards rank worst.",
                icon=":material/lightbulb:",
            )
        gv.show_message(tab)
        row = st.container(horizontal=True, gap="small")
        with row:
            for cat in Category:
                if cat in obs.face_up:
                    n = obs.face_up.count(cat)
                    gv.action_button(
                        tab,
                        f"Remove {cat.label}" + (f" ({n} up)" if n > 1 else ""),
                        Remove(cat),
                        name=f"remove_{cat.value}",
                        primary=False,
                        disabled=asking(),
                        help=ANSWER_FIRST if asking() else None,
                    )
        call_button()
    with below:
        st.markdown("**Your hand**")
        gv.show_cards(obs.hand)


def play_widgets() -> None:
    category = obs.category
    reasons = gp.follow_reasons(obs)
    hints = gp.play_hints(tab, obs) if tab.hints else None
    with left:
        if obs.trick:
            zone = obs.trick[0][1].zone
            st.markdown(f"**Trick {gp.trick_number(obs)} — on the table** ({zone} led)")
            st.html(trick_html(obs.trick, category))
            if reasons:
                st.markdown(
                    f"**Your turn: follow the {zone} Zone.** The dimmed cards cannot be "
                    f"played while you hold a {zone} card."
                )
            else:
                st.markdown(
                    f"**Your turn.** You have no {zone} card: play any card (it cannot win)."
                    if not any(c.zone == zone for c in obs.hand)
                    else f"**Your turn: play a {zone} card.**"
                )
        else:
            st.markdown(
                f"**You lead trick {gp.trick_number(obs)}.** Any card may lead; the others "
                f"must follow its Zone. Best {category.value} rank of that Zone wins."
            )
        if hints is not None:
            st.info("Hint: " + hints.advice, icon=":material/lightbulb:")
        gv.show_message(tab)
        call_button()
    captions = dict(hints.captions) if hints else {}
    for usps in reasons:
        captions[usps] = f"can't play: follow {obs.trick[0][1].zone}"
    with below:
        st.markdown("**Your hand** — " + ("lead a card" if not obs.trick else "play a card"))
        gv.card_buttons(
            tab,
            obs.hand,
            label=lambda c: (
                ("Lead" if not obs.trick else "Play") + f" · {ordinal(c.rank(category))}"
            ),
            action=lambda c: Play(c),
            name="play",
            disabled={c.usps: ANSWER_FIRST for c in obs.hand} if asking() else reasons,
            captions=captions,
            highlight=hints.outline if hints else (),
        )


def waiting_widgets() -> None:
    """Another seat's turn: what it is deciding, the trick on the table and this seat's hand
    (no move widgets; against the AI step by step, the Continue button)."""
    with left:
        if obs.to_act is not None:
            name = tab.seat_name(obs.to_act)
            doing = {
                DRAFT: "removes a GeoPower card",
                CALLS: "decides whether to call GeoPlunge (the last chance before trick 5)",
            }.get(obs.phase, "leads" if not obs.trick else "plays a card")
            st.markdown(f"**{'The AI' if name == 'AI' else name} {doing}.**")
        if obs.trick:
            st.markdown(f"**Trick {gp.trick_number(obs)} — on the table**")
            st.html(trick_html(obs.trick, obs.category))
        gv.continue_button(tab)
    with below:
        st.markdown("**Your hand**")
        gv.show_cards(obs.hand)


def round_banner(result) -> None:
    mine_won = result.points[my_unit] > 0
    (st.success if mine_won else st.info)(
        "**Round over.** " + gp.round_line(tab, obs, result),
        icon=":material/flag:",
    )


# --- the page -------------------------------------------------------------------------------

if state.is_over:
    won = state.winner == my_unit
    gv.end_screen(
        tab,
        gp.result_text(tab, obs).replace("**", ""),
        kind="success" if won else ("info" if state.winner is None else "error"),
        summary=gp.summary(tab, obs),
    )
    last = gp.last_trick(obs)
    category = gp.last_category(obs)
    if last is not None and category is not None:
        with st.expander(f"The last trick (trick {last.number})", expanded=False):
            st.html(trick_html(last.plays, category, last.winner))
else:
    for result in gp.fresh_results(tab):
        round_banner(result)
    left, right = st.columns(2, gap="large")
    below = st.container()
    with left:
        recent = gp.since_lines(tab)
        if recent:
            st.markdown("**Since your last move**")
            st.markdown("\n".join(f"1. {line}" for line in recent))
        line = calls_line()
        if line:
            st.markdown(f":orange-badge[:material/bolt: {line}]")
    if waiting:
        waiting_widgets()
    elif mine and obs.phase == DRAFT:
        draft_widgets()
    elif mine and obs.phase == CALLS:
        call_window_widgets()
    elif mine and obs.phase == PLAY:
        play_widgets()
    with right:
        draw_map(gp.table_map(tab, obs), tab.bkey("table_map"))
    if obs.results:
        with st.expander("Rounds so far", icon=":material/format_list_numbered:"):
            st.markdown("\n".join(f"- {gp.round_line(tab, obs, r)}" for r in obs.results))

gv.log_panel(tab, gp.describe, since=False)
gv.rules_expander(gv.with_target(gp.RULES, tab.state.target))
gv.setup_panel(tab)
