"""Reading the others' calls: a sampled deal is kept only if they would have bid it so.

The seat does not know how the others bid, but a deal in which they would have called
differently is less likely than one in which they would have called as they did. The rule
bot's auction is the model: a sampled deal agrees with the auction when, replayed call by
call, the rule bot would have made every other seat's call from that seat's hand. The search
bot prefers agreeing deals, and falls back on the others when too few agree.
"""

from __future__ import annotations

from engine.bots.rule_bot import decide
from engine.bots.seen import Seen, read_view
from engine.bots.worlds import World
from engine.rules import Call


def calls_agree(world: World, seen: Seen) -> bool:
    """Whether the rule bot, holding the sampled hands, would have made the others' calls."""
    game = seen.game
    hand = game.new_hand(dealer=seen.dealer, deal=world.hand.deal, tally=world.hand.tally)
    for seat, call in seen.calls:
        made = Call(seat, call)
        if seat != seen.seat:
            legal = hand.legal_actions()
            if decide(read_view(game, hand.view(seat)), legal) != made:
                return False
        hand.apply(made)
    return True
