"""A month of a user's data, sent to real services over the protocol (as the user, and the
catalog's challenges as the operator), so that every dashboard page has something to show."""
import datetime
import time

import msgpack

ZONE = "Europe/Berlin"


def _ts(moment):
    return msgpack.Timestamp.from_unix(moment.timestamp())


def _ok(reply, what):
    assert "error" not in reply, f"{what}: {reply.get('error')}"
    return reply.get("body")


def seed_month(dep, user, today=None):
    """Consents, a weight (an auto goal), this month's steps, strength sets over six weeks,
    drinks on past days (the calendar), and two challenges."""
    berlin = datetime.timezone(datetime.timedelta(hours=1))
    now = datetime.datetime.now(berlin)
    today = today or now.date()
    health = dep.client("health-ingest", as_user=user)
    intake = dep.client("intake", as_user=user)
    key = f"seed-{user}-{time.time()}"

    _ok(health.request("consent.grant", {"types": ["steps", "body-mass", "distance", "dietary-water", "workouts"]},
                       user=user, key=f"{key}-consent", tz=ZONE), "consent.grant")
    _ok(health.request("weight.add", {"value": 72.5, "unit": "kg", "at": _ts(now - datetime.timedelta(days=20))},
                       user=user, key=f"{key}-weight", tz=ZONE), "weight.add")

    first = today.replace(day=1)
    steps = []
    day = first
    while day <= today:
        # Counted between 00:30 and 01:30 local time, so today's are in the past too.
        start = datetime.datetime(day.year, day.month, day.day, 0, 30, tzinfo=berlin)
        count = 4000 + (day.day * 1733) % 9000
        if start + datetime.timedelta(hours=1) < now:
            steps.append({"type": "steps", "value": count, "unit": "count", "start": _ts(start),
                          "end": _ts(start + datetime.timedelta(hours=1)), "source": "iPhone", "utcOffset": 3600})
        day += datetime.timedelta(days=1)
    _ok(health.request("samples.add", {"samples": steps}, user=user, key=f"{key}-steps", tz=ZONE), "samples.add steps")

    sets = []
    for week in range(6):
        day = today - datetime.timedelta(days=7 * (5 - week))
        for exercise, base in [("Back Squat", 100), ("Bench Press", 70), ("Deadlift", 130)]:
            sets.append({"type": "strength", "value": base + week * 2.5, "unit": "kg", "day": day.isoformat(),
                         "exercise": exercise, "sets": 3, "reps": 5, "source": "Strong"})
    _ok(health.request("samples.add", {"samples": sets}, user=user, key=f"{key}-strength", tz=ZONE), "samples.add strength")

    for back in range(1, 60):
        day = today - datetime.timedelta(days=back)
        # The last five days met (a streak), then a mix of met, partial and light days.
        drinks = 4 if back <= 5 else 1 + back % 4
        for hour, volume in [(8, 750), (12, 750), (16, 750), (20, 750 if back % 3 else 250)][:drinks]:
            moment = datetime.datetime(day.year, day.month, day.day, hour, tzinfo=berlin)
            _ok(intake.request("intake.log", {"volume": volume, "unit": "ml", "fluid": "water" if hour != 12 else "tea",
                                              "at": _ts(moment)}, user=user, key=f"{key}-{back}-{hour}", tz=ZONE), "intake.log")
    for hour, fluid, volume in [(7, "coffee", 200), (9, "water", 500)]:
        moment = datetime.datetime(today.year, today.month, today.day, hour, tzinfo=berlin)
        if moment < now:
            _ok(intake.request("intake.log", {"volume": volume, "unit": "ml", "fluid": fluid, "at": _ts(moment)},
                               user=user, key=f"{key}-today-{hour}", tz=ZONE), "intake.log today")

    admin = dep.client("goals")
    _ok(admin.request("challenges.load", {"items": [
        {"id": "ten-k", "title": "Ten thousand a day", "description": "10,000 steps", "type": "step", "goal": 10000,
         "reward": {"trophy": "gold", "points": 10}},
        {"id": "walk-5k", "title": "A 5 km walk", "description": "5 km", "type": "walking_distance", "goal": 5000,
         "reward": {"trophy": "silver", "points": 5}},
    ]}, key=f"{key}-challenges", tz=ZONE), "challenges.load")
