"""Border Attack against the AI.

URL parameters (see ``ui.games.session``): ``seed`` (the deal), ``levels`` (the AI's level:
easy, medium or hard) and ``dealer`` (``you`` or ``ai``; left out, the deal decides).
"""

from dataclasses import replace

import streamlit as st

import ui.games.border_attack as ba
import ui.games.session as gv
from engine.border_attack import (
    BONUS_DISCARD,
    BORDERS,
    CATEGORIES,
    COMMIT,
    GUESS,
    LEAD,
    NAME,
    WIN_DISCARD,
    BorderAttack,
    Commit,
    Discard,
    GuessBorders,
    GuessState,
    Lead,
)
from engine.cards import deck
from ui.cards import card_html, ordinal
from ui.links import fresh_seed
from ui.maps import map_change, us_map
from ui.nav import page_setup

page_setup()

KEY = "border_attack"

tab = gv.current_table(KEY, "border_attack", choices=(ba.DEALER,))
gv.page_top(
    tab,
    "Border Attack",
    "Win tricks with good ranks and guess the border states your opponent announces: "
    "the first to get rid of 25 cards wins.",
)
gv.preference_toggles(tab)
waiting = gv.advance(tab)
state = tab.state
me = tab.me
them = 1 - me
obs = state.observation(me)
played = ba.tricks(tab)
in_progress = obs.phase in (COMMIT, GUESS, BONUS_DISCARD, WIN_DISCARD)
current = played[-1] if played and in_progress else None
last = played[-1] if played and not in_progress else (played[-2] if len(played) > 1 else None)
ai = tab.seat_label(them)
names = {c.usps: c.name for c in deck()}
by_name = sorted(names, key=names.get)

# --- status ---------------------------------------------------------------------------------

if state.is_over:
    turn = "Game over"
elif waiting or not tab.humans_turn:
    turn = f"{tab.seat_name(them)}'s turn"
else:
    turn = "Your turn"
gv.status_bar(
    [
        ("Trick", str(obs.trick + 1 if obs.phase == LEAD else obs.trick)),
        ("Deck", str(obs.deck_count)),
        ("You", f"{obs.hand_counts[me]} in hand · {obs.scores[me]}/25 gone"),
        (ai, f"{obs.hand_counts[them]} in hand · {obs.scores[them]}/25 gone"),
        (turn, ""),
    ],
    hot=4 if turn == "Your turn" else None,
)


def by(seat: int) -> str:
    """A seat as the object of a caption: "you" or "AI"."""
    return "you" if seat == me else tab.seat_name(seat)


def table_html(trick: ba.TrickView) -> str:
    """The trick on the table: the led card and the follower's card (or its slot)."""
    cat = trick.category
    led_caption = f"led by {by(trick.leader)} · {cat.label} {ordinal(trick.led.rank(cat))}"
    tiles = [card_html(trick.led, caption=led_caption)]
    follower = tab.seat_name(trick.follower)
    if trick.follow is not None and trick.played:
        caption = (
            f"played face up by {by(trick.follower)} · {cat.label} "
            f"{ordinal(trick.follow.rank(cat))}"
        )
        tiles.append(card_html(trick.follow, caption=caption))
    elif trick.follow is not None:
        tiles.append(card_html(trick.follow, caption="your card, face down", dim=True))
    elif trick.guess_right and (known := ba.guessed_card(trick)) is not None:
        caption = f"{follower}'s card, now face up — you guessed it"
        tiles.append(card_html(known, caption=caption))
    elif trick.announcement is not None:
        tiles.append(
            f"<div class='gp-slot'><b>{follower}'s card, face down</b><br>"
            f"announced: {ba.announcement_text(trick.announcement).replace('**', '')}</div>"
        )
    else:
        whose = "your" if trick.follower == me else f"{follower}'s"
        tiles.append(f"<div class='gp-slot'>Waiting for {whose} answer…</div>")
    return f"<div class='gp-hand'>{''.join(tiles)}</div>"


def trick_lines(trick: ba.TrickView) -> list[str]:
    """The steps of one trick, in words."""
    first = next(
        i
        for i, s in enumerate(tab.history)
        if isinstance(s.action, Lead) and s.after.trick == trick.number
    )
    lines: list[str] = []
    for i in range(first, len(tab.history)):
        step = tab.history[i]
        if i > first and isinstance(step.action, Lead):
            break
        lines += ba.describe(tab, i)
    return lines


def show_trick_map(trick: ba.TrickView | None, key: str) -> None:
    """The map of a trick's announcement and guess, or of your hand before any guess."""
    if trick is not None and trick.guess is not None:
        roles, notes = ba.trick_roles(trick)
        caption = f"Trick {trick.number}: the announcement and the guess"
    else:
        roles, notes = ba.hand_roles(obs)
        caption = "Your cards on the map (hover for their ranks)"
    us_map(key, roles, notes=notes, words=ba.MAP_LABELS, height=340, label=caption, hint=caption)


# --- the human's moves ----------------------------------------------------------------------


def _set_pick(key: str) -> None:
    value = st.session_state.get(key)
    tab.picks = [value] if value else []


def _set_picks(key: str) -> None:
    tab.picks = list(st.session_state.get(key) or [])


def lead_widgets() -> None:
    st.markdown(f"**You lead trick {obs.trick + 1}.** Choose a category, then the card to lead.")
    category = st.segmented_control(
        "Category (the better rank wins)",
        CATEGORIES,
        format_func=lambda c: c.label,
        key=tab.wkey("category"),
        required=True,  # once chosen, a second click keeps it (the Lead buttons need one)
    )
    captions: dict[str, str] = {}
    highlight: list[str] = []
    if tab.hints:
        captions, (card, cat, chance) = ba.lead_hints(obs)
        highlight = [card.usps]
        st.info(
            f"Hint: a card wins its lead if {ai} holds no better one. Your safest lead is "
            f"**{card.name} in {cat.label}** ({ordinal(card.rank(cat))}; it wins about "
            f"{chance:.0%} of the time against the cards you have not seen).",
            icon=":material/lightbulb:",
        )
    gv.show_message(tab)
    waiting_for = None if category else "Choose a category first: it decides which rank counts."
    if waiting_for:
        st.caption(
            "The lead buttons are off until you choose a category: it decides which rank counts."
        )
    with hand:
        st.markdown("**Your hand** — lead one card")
        gv.card_buttons(
            tab,
            obs.hand,
            label=lambda c: f"Lead · {ordinal(c.rank(category))}" if category else "Lead",
            action=lambda c: Lead(c, category),
            name="lead",
            disabled={c.usps: waiting_for for c in obs.hand} if waiting_for else None,
            captions=captions,
            highlight=highlight,
        )


def follow_widgets() -> None:
    led, cat = obs.led, obs.category
    st.markdown(
        f"**{ai} leads {led.name} — category {cat.label}, {ordinal(led.rank(cat))}.** "
        f"Choose the card you answer with, and what you tell {ai} about it: its name or "
        f"its border states. Then {ai} gets one guess at the other part."
    )
    reveal = st.segmented_control(
        "You announce",
        [NAME, BORDERS],
        format_func=ba.REVEAL_LABELS.get,
        key=tab.wkey("reveal"),
        required=True,
    )
    captions: dict[str, str] = {}
    highlight: list[str] = []
    if tab.hints:
        captions = ba.follow_hints(obs)
        highlight = [c.usps for c in obs.hand if c.beats(led, cat)]
        st.info(
            f"Hint: outlined cards beat the lead. Naming the card makes {ai} list every "
            "border (hard for states with many borders); listing the borders makes it find "
            "the state (hard when many unplayed states share the count).",
            icon=":material/lightbulb:",
        )
    gv.show_message(tab)
    with hand:
        st.markdown("**Your hand** — play one card face down")
        gv.card_buttons(
            tab,
            obs.hand,
            label=lambda c: f"Play · {ordinal(c.rank(cat))}",
            action=lambda c: Commit(c, reveal),
            name="commit",
            captions=captions,
            highlight=highlight,
        )


def guess_widgets() -> None:
    ann = obs.announcement
    map_key = tab.bkey("guess_map")
    if (clicked := map_change(map_key)) is not None:
        tab.picks = clicked
    st.markdown(f"**{ai} answers face down and announces {ba.announcement_text(ann)}.**")
    if tab.hints:
        st.info(
            "Hint: " + ba.guess_hint(obs, BorderAttack.candidates_seen_from(obs)),
            icon=":material/lightbulb:",
        )
    gv.show_message(tab)
    if ann.usps is None:
        st.markdown("Which state is it? Pick it in the box or click it on the map.")
        key = tab.wkey("guess_state")
        pick = tab.picks[0] if tab.picks else None
        st.selectbox(
            "The state",
            by_name,
            index=by_name.index(pick) if pick else None,
            format_func=names.get,
            placeholder="Type a state's name…",
            key=key,
            on_change=_set_pick,
            args=(key,),
        )
        pick = tab.picks[0] if tab.picks else None
        gv.action_button(
            tab,
            f"Guess {names[pick]}" if pick else "Guess",
            GuessState(pick) if pick else None,
            name="guess",
            disabled=pick is None,
            help=None if pick else "Pick a state first.",
        )
    else:
        named = ba.card_of(ann.usps)
        n = ann.count
        if n:
            st.markdown(
                f"Name **all {n}** of {named.name}'s border states: pick them in the box or "
                "click them on the map (click again to remove)."
            )
            key = tab.wkey("guess_borders")
            st.multiselect(
                "Its border states",
                [c for c in by_name if c != named.usps],
                default=[c for c in tab.picks if c != named.usps],
                format_func=names.get,
                placeholder="Type a state's name…",
                key=key,
                on_change=_set_picks,
                args=(key,),
            )
        picks = frozenset(tab.picks)
        ready = len(picks) == n
        why = None if ready else f"{ai} announced {n} border states: pick exactly {n}."
        if not ready:
            st.caption(f"{len(picks)} of {n} picked.")
        label = f"Guess these {n} states" if n else f"Guess: {named.name} has no border states"
        gv.action_button(
            tab, label, GuessBorders(picks), name="guess", disabled=not ready, help=why
        )
    with side:
        if ann.usps is None:
            pick, choices, refuse, hint = "one", None, {}, "{Click} the state on the map"
        else:
            pick = "many" if ann.count else "none"
            choices = [c for c in by_name if c != ann.usps]
            refuse = {ann.usps: f"{names[ann.usps]} is {ai}'s state: pick its border states."}
            hint = "{Click} its border states on the map ({click} again to remove one)"
        us_map(
            map_key,
            ba.guess_roles(ann, []),
            pick=pick,
            choices=choices,
            selected=tab.picks,
            refuse=refuse,
            words=ba.MAP_LABELS,
            height=340,
            hint=hint if pick != "none" else None,
            label="Map for your guess",
        )


def discard_widgets() -> None:
    if obs.phase == BONUS_DISCARD:
        st.success("**Right guess!** Discard one card of your choice.", icon=":material/check:")
    else:
        st.success(
            "**You won the trick!** Discard one card of your choice.", icon=":material/check:"
        )
    captions: dict[str, str] = {}
    highlight: list[str] = []
    if tab.hints:
        captions, weakest = ba.discard_hints(obs)
        highlight = [weakest.usps]
        st.info(
            f"Hint: keep the cards that win leads. {weakest.name} has the smallest chance to "
            "win a lead against the cards you have not seen.",
            icon=":material/lightbulb:",
        )
    gv.show_message(tab)
    with hand:
        st.markdown("**Your hand** — discard one card")
        gv.card_buttons(
            tab,
            obs.hand,
            label="Discard",
            action=Discard,
            name="discard",
            captions=captions,
            highlight=highlight,
        )


# --- the page -------------------------------------------------------------------------------

if state.is_over:
    won = state.winner == me
    ba_tricks = [t for t in played if t.winner is not None]
    guesses = {
        s: [t for t in played if t.leader == s and t.guess_right is not None] for s in (0, 1)
    }
    summary = [
        f"Tricks won: you {sum(t.winner == me for t in ba_tricks)}, "
        f"{ai} {sum(t.winner == them for t in ba_tricks)} (of {len(ba_tricks)}).",
        f"Right guesses: you {sum(t.guess_right for t in guesses[me])} of {len(guesses[me])}, "
        f"{ai} {sum(t.guess_right for t in guesses[them])} of {len(guesses[them])}.",
        f"Cards got rid of: you {obs.scores[me]}, {ai} {obs.scores[them]} (of 25).",
        f"{tab.about()}.",
    ]
    next_dealer = "ai" if state.next_dealer == 1 else "you"
    gv.end_screen(
        tab,
        ba.end_sentence(tab, obs),
        kind="success" if won else "error",
        summary=summary,
        again=replace(tab.setup, seed=fresh_seed()).with_option("dealer", next_dealer),
    )
    if last is not None:
        with st.expander(f"The last trick (trick {last.number})", expanded=True):
            st.html(table_html(last))
            st.markdown("\n".join(f"- {line}" for line in trick_lines(last)))
else:
    main, side = st.columns(2, gap="large")
    hand = st.container()
    guessing = obs.phase == GUESS and tab.humans_turn and not waiting
    with main:
        if current is not None:
            st.markdown(f"**On the table — trick {current.number}**")
            st.html(table_html(current))
            if current.guess_right is False and current.follow is not None:
                st.warning(ba.guess_detail(current.guess, current.follow), icon=":material/close:")
        if waiting:
            recent = gv.recent_lines(tab, ba.describe)
            if recent:
                st.markdown("\n".join(f"- {line}" for line in recent[-3:]))
            st.markdown(f"**{ba.pending(tab, obs.phase)}**")
            gv.continue_button(tab)
        elif obs.phase == LEAD:
            lead_widgets()
        elif obs.phase == COMMIT:
            follow_widgets()
        elif obs.phase == GUESS:
            guess_widgets()
        elif obs.phase in (BONUS_DISCARD, WIN_DISCARD):
            discard_widgets()
    if waiting or guessing:
        with hand:
            st.markdown("**Your hand**")
            gv.show_cards(obs.hand)
    with side:
        if last is not None and not guessing:
            st.markdown(f"**Last trick (trick {last.number})**")
            st.markdown("\n".join(f"- {line}" for line in trick_lines(last)))
    if not guessing:
        map_box, _ = st.columns([3, 2], gap="large")
        with map_box:
            show_trick_map(current if current and current.guess else last, tab.bkey("trick_map"))
    elif last is not None:
        with st.expander(f"Last trick (trick {last.number})"):
            st.markdown("\n".join(f"- {line}" for line in trick_lines(last)))

gv.log_panel(tab, ba.describe, since=not state.is_over)
gv.rules_expander(ba.RULES)
gv.setup_panel(tab)
