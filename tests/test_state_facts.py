"""The committed table of state facts, checked against figures typed from the sources.

Every expected value below was copied by hand from the published source named in
``geodata/SOURCES.md``, not read from ``states.csv``:

- areas: U.S. Census Bureau, "State Area Measurements and Internal Point Coordinates"
  (2010 Census), total and land area in square miles;
- population: 2020 Census resident population (April 1, 2020), Census Bureau
  apportionment release, Table 2;
- FIPS codes: Census Bureau ``state.txt``;
- admission: date of ratification (original 13) or of admission to the Union;
- zones: 49 CFR Part 71 standard time zone boundaries (zone = the capital's zone);
- regions: Census Bureau regions.

A wrong figure in the CSV therefore fails here. It cannot be fixed by editing the
test to match the CSV.
"""

from __future__ import annotations

from typing import NamedTuple

import pandas as pd
import pytest

import geodata

ZONES = ("Eastern", "Central", "Mountain", "Pacific", "Alaska", "Hawaii")
RANKS = ("size_rank", "statehood_rank", "population_rank")


class Published(NamedTuple):
    name: str
    capital: str
    fips: str
    admitted: str
    total_area_sq_mi: int
    land_area_sq_mi: int
    population_2020: int
    zone: str
    time_zones: str
    region: str


# fmt: off
PUBLISHED: dict[str, Published] = {
    # Northeast
    "ME": Published("Maine", "Augusta", "23", "1820-03-15", 35_380, 30_843, 1_362_359,
                    "Eastern", "Eastern", "Northeast"),
    "RI": Published("Rhode Island", "Providence", "44", "1790-05-29", 1_545, 1_034, 1_097_379,
                    "Eastern", "Eastern", "Northeast"),
    "VT": Published("Vermont", "Montpelier", "50", "1791-03-04", 9_616, 9_217, 643_077,
                    "Eastern", "Eastern", "Northeast"),
    "NY": Published("New York", "Albany", "36", "1788-07-26", 54_555, 47_126, 20_201_249,
                    "Eastern", "Eastern", "Northeast"),
    "PA": Published("Pennsylvania", "Harrisburg", "42", "1787-12-12", 46_054, 44_743,
                    13_002_700, "Eastern", "Eastern", "Northeast"),
    # Midwest
    "MI": Published("Michigan", "Lansing", "26", "1837-01-26", 96_714, 56_539, 10_077_331,
                    "Eastern", "Eastern;Central", "Midwest"),
    "MN": Published("Minnesota", "Saint Paul", "27", "1858-05-11", 86_936, 79_627, 5_706_494,
                    "Central", "Central", "Midwest"),
    "KS": Published("Kansas", "Topeka", "20", "1861-01-29", 82_278, 81_759, 2_937_880,
                    "Central", "Central;Mountain", "Midwest"),
    "ND": Published("North Dakota", "Bismarck", "38", "1889-11-02", 70_698, 69_001, 779_094,
                    "Central", "Central;Mountain", "Midwest"),
    "SD": Published("South Dakota", "Pierre", "46", "1889-11-02", 77_116, 75_811, 886_667,
                    "Central", "Central;Mountain", "Midwest"),
    "IN": Published("Indiana", "Indianapolis", "18", "1816-12-11", 36_420, 35_826, 6_785_528,
                    "Eastern", "Eastern;Central", "Midwest"),
    # South
    "AL": Published("Alabama", "Montgomery", "01", "1819-12-14", 52_420, 50_645, 5_024_279,
                    "Central", "Central", "South"),
    "DE": Published("Delaware", "Dover", "10", "1787-12-07", 2_489, 1_949, 989_948,
                    "Eastern", "Eastern", "South"),
    "GA": Published("Georgia", "Atlanta", "13", "1788-01-02", 59_425, 57_513, 10_711_908,
                    "Eastern", "Eastern", "South"),
    "FL": Published("Florida", "Tallahassee", "12", "1845-03-03", 65_758, 53_625, 21_538_187,
                    "Eastern", "Eastern;Central", "South"),
    "KY": Published("Kentucky", "Frankfort", "21", "1792-06-01", 40_408, 39_486, 4_505_836,
                    "Eastern", "Eastern;Central", "South"),
    "TN": Published("Tennessee", "Nashville", "47", "1796-06-01", 42_144, 41_235, 6_910_840,
                    "Central", "Central;Eastern", "South"),
    "TX": Published("Texas", "Austin", "48", "1845-12-29", 268_596, 261_232, 29_145_505,
                    "Central", "Central;Mountain", "South"),
    "LA": Published("Louisiana", "Baton Rouge", "22", "1812-04-30", 52_378, 43_204, 4_657_757,
                    "Central", "Central", "South"),
    # West
    "AK": Published("Alaska", "Juneau", "02", "1959-01-03", 665_384, 570_641, 733_391,
                    "Alaska", "Alaska;Hawaii", "West"),
    "HI": Published("Hawaii", "Honolulu", "15", "1959-08-21", 10_932, 6_423, 1_455_271,
                    "Hawaii", "Hawaii", "West"),
    "CA": Published("California", "Sacramento", "06", "1850-09-09", 163_695, 155_779,
                    39_538_223, "Pacific", "Pacific", "West"),
    "ID": Published("Idaho", "Boise", "16", "1890-07-03", 83_569, 82_643, 1_839_106,
                    "Mountain", "Mountain;Pacific", "West"),
    "NV": Published("Nevada", "Carson City", "32", "1864-10-31", 110_572, 109_781, 3_104_614,
                    "Pacific", "Pacific;Mountain", "West"),
    "OR": Published("Oregon", "Salem", "41", "1859-02-14", 98_379, 95_988, 4_237_256,
                    "Pacific", "Pacific;Mountain", "West"),
    "AZ": Published("Arizona", "Phoenix", "04", "1912-02-14", 113_990, 113_594, 7_151_502,
                    "Mountain", "Mountain", "West"),
    "UT": Published("Utah", "Salt Lake City", "49", "1896-01-04", 84_897, 82_170, 3_271_616,
                    "Mountain", "Mountain", "West"),
    "WY": Published("Wyoming", "Cheyenne", "56", "1890-07-10", 97_813, 97_093, 576_851,
                    "Mountain", "Mountain", "West"),
}
# fmt: on

# Capitals counted by zone (49 CFR Part 71): the zone each state capital lies in.
ZONE_COUNTS_BY_CAPITAL = {
    "Eastern": 21,
    "Central": 16,
    "Mountain": 7,
    "Pacific": 4,
    "Alaska": 1,
    "Hawaii": 1,
}

REGION_SIZES = {"Northeast": 9, "Midwest": 12, "South": 16, "West": 13}


@pytest.fixture(scope="module")
def states() -> pd.DataFrame:
    return geodata.states()


def _usps_at(states: pd.DataFrame, rank: str, position: int) -> str:
    return states.index[states[rank] == position].item()


# --- published figures ----------------------------------------------------------------


def test_published_sample_covers_every_region_and_zone() -> None:
    assert {row.region for row in PUBLISHED.values()} == set(REGION_SIZES)
    assert {row.zone for row in PUBLISHED.values()} == set(ZONES)
    assert len(PUBLISHED) >= 12


@pytest.mark.parametrize("usps", sorted(PUBLISHED))
def test_state_row_matches_the_published_figures(states: pd.DataFrame, usps: str) -> None:
    expected = PUBLISHED[usps]
    row = states.loc[usps]
    actual = Published(
        name=row["name"],
        capital=row["capital"],
        fips=row["fips"],
        admitted=row["admitted"].date().isoformat(),
        total_area_sq_mi=int(row["total_area_sq_mi"]),
        land_area_sq_mi=int(row["land_area_sq_mi"]),
        population_2020=int(row["population_2020"]),
        zone=row["zone"],
        time_zones=row["time_zones"],
        region=row["region"],
    )
    assert actual == expected


# --- the set of rows ------------------------------------------------------------------


def test_table_holds_exactly_the_fifty_states(states: pd.DataFrame) -> None:
    assert len(states) == 50
    assert states.index.is_unique
    assert states["name"].is_unique
    assert not {"DC", "PR", "GU", "VI", "AS", "MP"} & set(states.index)
    assert "District of Columbia" not in set(states["name"])
    assert "Puerto Rico" not in set(states["name"])


def test_fips_codes_are_unique_two_digit_strings_of_states(states: pd.DataFrame) -> None:
    fips = states["fips"]
    assert fips.is_unique
    assert fips.str.fullmatch(r"\d\d").all()
    assert fips["AL"] == "01"
    assert fips["WY"] == "56"
    # 11 is the District of Columbia; 72 is Puerto Rico.
    assert not {"11", "72"} & set(fips)


def test_regions_are_the_four_census_regions_with_their_sizes(states: pd.DataFrame) -> None:
    assert states["region"].value_counts().to_dict() == REGION_SIZES


def test_capital_of_minnesota_is_written_saint_paul(states: pd.DataFrame) -> None:
    assert states.loc["MN", "capital"] == "Saint Paul"
    assert not states["capital"].str.contains(r"\bSt\.").any()


# --- ranks ----------------------------------------------------------------------------


@pytest.mark.parametrize("rank", RANKS)
def test_each_rank_is_a_permutation_of_one_to_fifty(states: pd.DataFrame, rank: str) -> None:
    assert sorted(states[rank]) == list(range(1, 51))


def test_size_rank_runs_from_alaska_to_rhode_island(states: pd.DataFrame) -> None:
    assert _usps_at(states, "size_rank", 1) == "AK"
    assert _usps_at(states, "size_rank", 2) == "TX"
    assert _usps_at(states, "size_rank", 3) == "CA"
    assert _usps_at(states, "size_rank", 49) == "DE"
    assert _usps_at(states, "size_rank", 50) == "RI"


def test_size_rank_orders_by_total_area_not_land_area(states: pd.DataFrame) -> None:
    # Michigan is 11th by total area but only 22nd by land area (40,175 sq mi of water).
    assert states.loc["MI", "size_rank"] == 11
    by_total = states.sort_values("size_rank")["total_area_sq_mi"]
    assert by_total.is_monotonic_decreasing


def test_statehood_rank_runs_from_delaware_to_hawaii(states: pd.DataFrame) -> None:
    assert _usps_at(states, "statehood_rank", 1) == "DE"
    assert _usps_at(states, "statehood_rank", 2) == "PA"
    assert _usps_at(states, "statehood_rank", 13) == "RI"
    assert _usps_at(states, "statehood_rank", 49) == "AK"
    assert _usps_at(states, "statehood_rank", 50) == "HI"


def test_dakotas_admitted_the_same_day_with_north_dakota_counted_first(
    states: pd.DataFrame,
) -> None:
    assert states.loc["ND", "admitted"] == states.loc["SD", "admitted"]
    assert states.loc["ND", "admitted"] == pd.Timestamp("1889-11-02")
    assert states.loc["ND", "statehood_rank"] == 39
    assert states.loc["SD", "statehood_rank"] == 40


def test_population_rank_runs_from_california_to_wyoming(states: pd.DataFrame) -> None:
    assert _usps_at(states, "population_rank", 1) == "CA"
    assert _usps_at(states, "population_rank", 2) == "TX"
    assert _usps_at(states, "population_rank", 3) == "FL"
    assert _usps_at(states, "population_rank", 4) == "NY"
    assert _usps_at(states, "population_rank", 49) == "VT"
    assert _usps_at(states, "population_rank", 50) == "WY"


def test_maine_ranks_worse_than_georgia_on_all_three_ranks(states: pd.DataFrame) -> None:
    for rank in RANKS:
        assert states.loc["ME", rank] > states.loc["GA", rank], rank


def test_alaska_worst_rank_is_its_statehood_rank_49(states: pd.DataFrame) -> None:
    alaska = states.loc["AK", list(RANKS)]
    assert alaska.max() == 49
    assert alaska.idxmax() == "statehood_rank"
    assert alaska["size_rank"] == 1
    assert alaska["population_rank"] == 48


# --- zones ----------------------------------------------------------------------------


def test_zone_counts_by_capital_add_to_fifty(states: pd.DataFrame) -> None:
    counts = states["zone"].value_counts().to_dict()
    assert counts == ZONE_COUNTS_BY_CAPITAL
    assert sum(counts.values()) == 50


def test_every_one_of_the_six_zones_is_some_capitals_zone(states: pd.DataFrame) -> None:
    assert set(states["zone"]) == set(ZONES)


def test_every_time_zone_list_starts_with_the_capitals_zone(states: pd.DataFrame) -> None:
    for usps, zone, listed in states[["zone", "time_zones"]].itertuples():
        names = listed.split(";")
        assert names[0] == zone, usps
        assert len(names) == len(set(names)), usps
        assert set(names) <= set(ZONES), usps


def test_alaska_lists_hawaii_aleutian_time_as_its_second_zone(states: pd.DataFrame) -> None:
    assert states.loc["AK", "time_zones"] == "Alaska;Hawaii"


def test_states_split_between_two_zones(states: pd.DataFrame) -> None:
    split = set(states.index[states["time_zones"].str.contains(";")])
    assert split == {
        "AK", "FL", "ID", "IN", "KS", "KY", "MI", "ND", "NE", "NV", "OR", "SD", "TN", "TX",
    }  # fmt: skip


# --- areas ----------------------------------------------------------------------------


def test_land_area_never_exceeds_total_area(states: pd.DataFrame) -> None:
    assert (states["land_area_sq_mi"] > 0).all()
    assert (states["land_area_sq_mi"] <= states["total_area_sq_mi"]).all()


def test_figures_are_whole_numbers(states: pd.DataFrame) -> None:
    for column in ("total_area_sq_mi", "land_area_sq_mi", "population_2020"):
        assert pd.api.types.is_integer_dtype(states[column]), column
