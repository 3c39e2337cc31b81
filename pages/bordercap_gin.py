"""BorderCap Gin against one to three AI players, or at a shared table (``ui.games.shared.lobby``).

URL parameters (see ``ui.games.session``): ``seed`` (the deal), ``players`` (2 to 4) and
``levels`` (one AI level per opponent, comma-separated: easy, medium or hard). At a shared
table the page is drawn for its own seat (``tab.me``) from that seat's observation.
"""

import streamlit as st

import ui.games.bordercap_gin as gt
import ui.games.session as gv
from engine.bordercap_gin import (
    DECLARE,
    DISCARD,
    DRAW,
    DRAW_ACTION,
    END_TURN,
    Declare,
    Discard,
    Take,
)
from engine.melds import describe_group
from ui.cards import card_html
from ui.maps import us_map
from ui.nav import page_setup

page_setup()

KEY = "bordercap_gin"
PILE_SHOWN = 8  # discards named under the pile's top card (the most recent first)

tab = gv.current_table(KEY, "bordercap_gin", choices=(gv.TARGET,), table_cls=gt.GinTable)
gv.page_top(
    tab,
    "BorderCap Gin",
    "Collect a 4-group and a 3-group: states that border one card of the group, or capitals "
    f"that share a first letter. The first to {tab.state.target} points wins.",
)
gv.preference_toggles(tab)
waiting = gv.advance(tab)
state = tab.state
me = tab.me
obs = state.observation(me)
players = obs.players
hand = gt.by_name(obs.hand)
mine = tab.humans_turn and not waiting

# --- status ---------------------------------------------------------------------------------

if state.is_over:
    turn_text = "Game over"
elif mine:
    turn_text = f"Your turn: {gt.phase_text(obs)}"
else:
    turn_text = f"{tab.seat_name(obs.to_act)}'s turn"
if state.is_over:
    chips = [("Rounds", str(len(obs.results)))]
else:
    chips = [
        ("Round", str(obs.round_index + 1)),
        ("Turn", str(obs.turn)),
        ("Dealer", tab.seat_name(obs.dealer)),
        ("Deck", str(obs.deck_size)),
    ]
    if obs.face_down_count:
        chips.append(("Face down", str(obs.face_down_count)))
chips += [("You" if s == me else tab.seat_label(s), f"{obs.scores[s]} pts") for s in range(players)]
chips.append((turn_text, ""))
gv.status_bar(chips, hot=len(chips) - 1 if mine else None)


# --- pieces ---------------------------------------------------------------------------------


def draw_map(parts: gt.MapParts, key: str, height: int = 340) -> None:
    """A hand on the map: coloured states, border links, capital initials."""
    us_map(
        key,
        parts.roles,
        notes=parts.notes,
        words=parts.labels,
        links=parts.links,
        dashed=parts.dashed,
        labels=parts.letters,
        badges=True,
        height=height,
        label="Your hand on the map",
    )


def others_line() -> str:
    """What is known of each other seat's hand: the cards it took from the pile (public) and,
    with two players, its face-down discards left."""
    parts = []
    for s in range(players):
        if s == me:
            continue
        facts = []
        if obs.took[s]:
            facts.append(f"holds {gt.names(obs.took[s])} (taken from the pile)")
        if players == 2:
            n = obs.face_down_left[s]
            facts.append(f"{n} face-down discard{'s' if n != 1 else ''} left")
        if facts:
            parts.append(f"**{tab.seat_label(s)}** " + ", ".join(facts))
    return " · ".join(parts)


def who_name(seat: int) -> str:
    return "you" if seat == me else tab.seat_name(seat)


def pile_caption() -> str:
    """Who discarded the top card, and whether it may still be taken."""
    last = gt.last_discard(tab)
    if last is None or not obs.pile:
        return ""
    by = who_name(gt.pile_discarders(tab)[-1])
    if last.action.face_down:
        return f"discarded by {by} · out of reach: {who_name(last.seat)} then discarded face down"
    if obs.just_discarded is None:
        return f"discarded by {by} · out of reach now"
    if mine and obs.phase == DRAW:
        return f"just discarded by {by} — you may take it"
    return f"just discarded by {by}"


def piles(draw_buttons: bool) -> None:
    """The deck and the discard pile (with the Draw and Take buttons on the human's draw)."""
    row = st.container(horizontal=True, gap="small")
    with row.container(width=gv.CARD_WIDTH, gap="xsmall"):
        downs = (
            f"<br>{obs.face_down_count} face down beside the pile" if obs.face_down_count else ""
        )
        st.html(f"<div class='gp-slot'><b>Deck</b><br>{obs.deck_size} cards{downs}</div>")
        if draw_buttons:
            gv.action_button(tab, "Draw", DRAW_ACTION, name="draw", icon=":material/playing_cards:")
    with row.container(width=gv.CARD_WIDTH, gap="xsmall"):
        top = obs.pile[-1] if obs.pile else None
        if top is None:
            st.html("<div class='gp-slot'><b>Discard pile</b><br>empty</div>")
        else:
            st.html(card_html(top, caption=pile_caption(), dim=obs.just_discarded is None))
        if draw_buttons:
            why = None
            if gt.last_discard_face_down(tab):
                why = "The last card was discarded face down: you must draw from the deck."
            elif top is None:
                why = "The discard pile is empty: draw from the deck."
            elif obs.just_discarded is None:
                why = "Only the player after the one who discarded it could take it."
            gv.action_button(
                tab,
                f"Take {top.name}" if top is not None else "Take",
                Take(top) if top is not None else None,
                name="take",
                primary=False,
                disabled=why is not None,
                help=why,
                icon=":material/back_hand:",
            )
    if len(obs.pile) > 1:
        seats = gt.pile_discarders(tab)
        below = list(reversed(list(zip(obs.pile[:-1], seats[:-1], strict=True))))
        earlier = ", ".join(f"{c.name} ({who_name(s)})" for c, s in below[:PILE_SHOWN])
        more = f" and {len(below) - PILE_SHOWN} more" if len(below) > PILE_SHOWN else ""
        st.caption(f"Discard pile ({len(obs.pile)} cards), below the top: {earlier}{more}.")


def discard_and_end(tab: gv.Table, action: Discard, version: int) -> None:
    """A Discard click: discard, then end the turn (declaring has its own buttons)."""
    if gv.act(tab, action, version) is None and tab.humans_turn and tab.state.phase == DECLARE:
        gv.act(tab, END_TURN)


def declare(tab: gv.Table, discard: Discard | None, version: int) -> None:
    """Declare the hand (after discarding ``discard`` when given): the engine scores its best
    split. A refused declaration leaves the turn open, and the page explains it group by
    group until the next move."""
    if discard is not None:
        if gv.act(tab, discard, version) is not None:
            return
        version = tab.version
    if gv.act(tab, Declare(), version) is not None:
        tab.extra["refused"] = tab.version


def discard_and_declare(tab: gv.Table, action: Discard, version: int) -> None:
    """A "Discard and declare" click on a card."""
    declare(tab, action, version)


def hint_box(lines: list[str]) -> None:
    if lines:
        st.info("\n\n".join(lines), icon=":material/lightbulb:")


def holding_lines(cards) -> list[str]:
    found = gt.groups_lines(cards)
    if not found:
        return [
            "Your hand holds no group yet: look for a state that borders two of your "
            "cards, or three capitals with the same first letter."
        ]
    return ["Your hand holds: " + " ".join(found)]


def draw_widgets() -> None:
    top = obs.just_discarded
    with left:
        st.markdown(
            "**Your turn: take a card** — "
            + (f"pick up {top.name}, just discarded, or " if top is not None else "")
            + "draw the top card of the deck."
        )
        if tab.hints:
            lines = holding_lines(hand)
            split = gt.best_split(hand)
            if split is not None:
                lines.append("You already hold a win — " + gt.win_text(*split) + ".")
            else:
                winners = gt.outs(hand, gt.live_cards(obs))
                if winners:
                    lines.append(
                        f"One card from a win: {gt.names(gt.by_name(winners), 'or')} "
                        "(not seen yet)."
                    )
            advice = gt.take_advice(obs)
            if advice:
                lines.append(advice)
            hint_box(lines)
        gv.show_message(tab)
        piles(draw_buttons=True)
    with below:
        st.markdown("**Your hand**")
        gv.show_cards(hand, gt.card_captions(obs) if tab.hints else None)


def discard_widgets() -> None:
    opening = obs.turn == 1 and len(obs.hand) == 8 and obs.taken is None
    new = gt.drawn_card(tab)
    face_down = False
    advice = gt.discard_advice(obs) if tab.hints else None
    highlight: list[str] = []
    win_now = None
    with left:
        if opening:
            st.markdown(
                f"**You open round {obs.round_index + 1}:** discard one of your 8 cards face up "
                "(the opening discard is always face up)."
            )
        else:
            got = (
                f"You took **{obs.taken.name}**. "
                if obs.taken is not None
                else f"You drew **{new.name}**. "
                if new is not None
                else ""
            )
            st.markdown(f"{got}**Now discard one card** — that ends your turn.")
        left_down = obs.face_down_left[me]
        if players == 2 and left_down and not opening:
            opponent = tab.subject(1 - me)
            how = st.segmented_control(
                "How to discard",
                ["up", "down"],
                default="up",
                required=True,
                format_func=lambda v: (
                    "Face up" if v == "up" else f"Face down ({left_down} left this round)"
                ),
                key=tab.wkey("face"),
                help=f"A face-down card cannot be picked up: {opponent} must then draw from the "
                "deck.",
            )
            face_down = how == "down"
        if advice is not None:
            lines = holding_lines(hand)
            best = advice.best
            if best is not None:
                highlight = [best.usps]
                if best.usps in advice.wins:
                    four, three = advice.wins[best.usps]
                    win_now = best
                    lines.append(
                        f"Discard **{best.name}** and declare: "
                        + gt.win_text(four, three)
                        + f", {gt.split_score(four)} points."
                    )
                else:
                    n = advice.outs[best.usps]
                    lines.append(
                        f"The outlined card, **{best.name}**, is the best to let go: "
                        + (
                            f"the seven left can be completed by {n} card{'s' if n != 1 else ''} "
                            "not seen yet."
                            if n
                            else "it helps your groups least."
                        )
                    )
                down = gt.face_down_advice(obs, best)
                if down:
                    lines.append(down)
            hint_box(lines)
            if win_now is not None:
                st.button(
                    f"Discard {win_now.name}{' face down' if face_down else ''} and declare",
                    key=tab.bkey("discard_and_declare"),
                    type="primary",
                    icon=":material/emoji_events:",
                    width="stretch",
                    on_click=declare,
                    args=(tab, Discard(win_now, face_down), tab.version),
                )
        gv.show_message(tab)
        piles(draw_buttons=False)
    taken = obs.taken
    disabled = (
        {taken.usps: f"You took {taken.name} from the pile this turn: keep it until a later turn."}
        if taken is not None
        else {}
    )
    captions = gt.card_captions(obs, advice) if advice is not None else {}
    if new is not None:
        captions[new.usps] = "just drawn" + (f" · {captions[new.usps]}" if captions else "")
    if taken is not None:
        captions[taken.usps] = "just taken" + (
            f" · {captions[taken.usps]}" if taken.usps in captions else ""
        )
    with below:
        then = st.segmented_control(
            "After your discard",
            ["end", "declare"],
            default="end",
            required=True,
            format_func=lambda v: "End my turn" if v == "end" else "Declare a win",
            key=tab.wkey("then"),
            help=(
                "Spotted a win? Choose Declare a win, then click the card you let go: the app "
                "checks the other seven and scores their best split. A hand that does not win "
                "is explained and costs nothing."
            ),
        )
        declaring = then == "declare"
        st.markdown(
            "**Your hand** — "
            + (
                "click the card you let go to declare the other seven"
                if declaring
                else "discard one card"
            )
        )
        label = "Discard face down" if face_down else "Discard"
        gv.card_buttons(
            tab,
            hand,
            label=f"{label} and declare" if declaring else label,
            action=lambda c: Discard(c, face_down),
            name="discard",
            disabled=disabled,
            captions=captions,
            highlight=highlight,
            on_click=discard_and_declare if declaring else discard_and_end,
        )


def declare_widgets() -> None:
    refused = tab.message and tab.extra.get("refused") == tab.version
    with left:
        st.markdown("**Your discard is down.** Declare your hand, or end your turn.")
        if tab.hints:
            split = gt.best_split(hand)
            hint_box(
                holding_lines(hand)
                + (
                    ["You hold a win: " + gt.win_text(*split) + "."]
                    if split is not None
                    else ["These seven cards do not split into a 4-group and a 3-group."]
                )
            )
        if refused:
            st.warning(
                "**Not a win** — these seven cards do not split into a 4-group and a 3-group. "
                "The declaration was refused, and costs you nothing:\n\n"
                + "\n".join(f"- {line}" for line in gt.no_win_lines(hand)),
                icon=":material/block:",
            )
        else:
            gv.show_message(tab)
        gv.action_button(
            tab, "End my turn", END_TURN, name="end_turn", primary=False, icon=":material/redo:"
        )
    with below:
        st.markdown("**Your hand**")
        st.button(
            "Declare",
            key=tab.bkey("declare"),
            type="primary",
            icon=":material/emoji_events:",
            help="Declare these seven cards: the app checks them and scores their best split.",
            on_click=declare,
            args=(tab, None, tab.version),
        )
        gv.show_cards(hand, gt.card_captions(obs) if tab.hints else None)


def waiting_widgets() -> None:
    """Another seat's turn: what it is about to do, the piles and the hand (no move widgets;
    in step-by-step mode against the AI, the Continue button)."""
    with left:
        st.markdown(f"**{gt.pending(tab, obs)}**")
        gv.continue_button(tab)
        piles(draw_buttons=False)
    with below:
        st.markdown("**Your hand**")
        gv.show_cards(hand)


def round_banner(result) -> None:
    """A round just won: who, with which groups (tiles and a map)."""
    winner = "You win" if result.winner == me else f"{tab.seat_name(result.winner)} wins"
    text = (
        f"**{winner} round {result.round_index + 1}** with the groups below: "
        f"{result.points} points" + (" (20 + the 10 bonus)." if result.points > 20 else ".")
    )
    (st.success if result.winner == me else st.info)(text, icon=":material/emoji_events:")
    tiles_box, map_box = st.columns([3, 2], gap="medium")
    with tiles_box:
        st.html(
            gt.mini_cards_html(
                [
                    (f"4-group: {describe_group(result.four)}", result.four),
                    (f"3-group: {describe_group(result.three)}", result.three),
                ]
            )
        )
    with map_box:
        draw_map(
            gt.winning_hand_map(result),
            f"{KEY}_win_map_{tab.serial}_{result.round_index}",
            height=200,
        )


def hand_map_panel() -> None:
    st.markdown("**Your hand on the map**")
    groups = gt.best_groups(obs.hand) if tab.hints else ()
    winners = []
    if tab.hints and len(obs.hand) == 7 and gt.best_split(obs.hand) is None:
        winners = gt.outs(obs.hand, gt.live_cards(obs))
    parts = gt.hand_map(
        obs.hand,
        groups=groups,
        top=obs.just_discarded if mine and obs.phase == DRAW else None,
        winners=winners,
    )
    draw_map(parts, tab.bkey("hand_map"))
    st.caption(
        "Lines join cards of your hand that border each other (dotted: to the discard you may "
        "take); the letters are the capitals' initials."
    )


# --- the page -------------------------------------------------------------------------------

if state.is_over:
    won = state.winner == me
    gv.end_screen(
        tab,
        gt.result_text(tab, obs).replace("**", ""),
        kind="success" if won else ("info" if state.winner is None else "error"),
        summary=gt.summary(tab, obs),
    )
    last = [r for r in obs.results if r.winner is not None]
    if last:
        round_banner(last[-1])
else:
    for result in gt.fresh_results(tab):
        if result.winner is None:
            st.warning(
                f"Round {result.round_index + 1} is void: nobody won in 200 turns. "
                "The cards are dealt again.",
                icon=":material/block:",
            )
        else:
            round_banner(result)
    left, right = st.columns(2, gap="large")
    below = st.container()
    with left:
        recent = gv.recent_lines(tab, gt.describe)
        if recent:
            st.markdown("**Since your last move**")
            st.markdown("\n".join(f"1. {line}" for line in recent))
        others = others_line()
        if others:
            st.markdown(others)
    if waiting:
        waiting_widgets()
    elif mine and obs.phase == DRAW:
        draw_widgets()
    elif mine and obs.phase == DISCARD:
        discard_widgets()
    elif mine and obs.phase == DECLARE:
        declare_widgets()
    with right:
        hand_map_panel()
    if obs.results:
        with st.expander("Rounds so far", icon=":material/format_list_numbered:"):
            st.markdown("\n".join(f"- {line}" for line in gt.result_lines(tab, obs.results)))

gv.log_panel(tab, gt.describe, since=False)
gv.rules_expander(gv.with_target(gt.RULES, tab.state.target))
gv.setup_panel(tab)
