"""Colours the app draws its own text on: at least WCAG AA (4.5:1) for normal text."""

import pytest

from engine.cards import ZONES
from ui.cards import band_text_color, contrast, zone_color


def test_the_contrast_formula_against_known_pairs():
    assert contrast("#000000", "#ffffff") == pytest.approx(21)
    assert contrast("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)  # the AA grey


@pytest.mark.parametrize("zone", ZONES)
def test_card_band_text_is_readable(zone):
    assert contrast(band_text_color(zone), zone_color(zone)) >= 4.5
