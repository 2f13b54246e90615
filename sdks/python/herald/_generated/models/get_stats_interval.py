from typing import Literal

GetStatsInterval = Literal["day", "hour", "minute"]

GET_STATS_INTERVAL_VALUES: set[GetStatsInterval] = {
    "day",
    "hour",
    "minute",
}


def check_get_stats_interval(value: str) -> GetStatsInterval:
    if value in GET_STATS_INTERVAL_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_STATS_INTERVAL_VALUES!r}"
    )
