#!/usr/bin/env python3
"""Generates rest-compress's benchmark corpus: realistic REST responses, JSON and XML, ~0.5 KB to ~1 MB.

Deterministic: every document comes from a fixed seed, so running this again rewrites identical files
(checked by `python3 testdata/generate.py --check`). Names and values are synthetic; no real API was called.
"""
import json
import random
import sys
from pathlib import Path
from xml.sax.saxutils import escape

OUT = Path(__file__).resolve().parent / "corpus"

CITIES = ["Ashford", "Brampton", "Calder", "Dunmore", "Elsworth", "Fairhaven", "Glenrock", "Harlow",
          "Ivybridge", "Jarrow", "Kelso", "Lowestoft", "Marden", "Newbury", "Oakham", "Penrith"]
STATES = ["AK", "CA", "CO", "MN", "NV", "OR", "TX", "WA"]
WORDS = ("data platform service cloud network secure reliable analysis field survey engineer senior "
         "support operations research quality systems customer public health transport energy water "
         "program manager specialist technician developer scientist coordinator assistant regional").split()
CONDITIONS = ["Sunny", "Partly Cloudy", "Cloudy", "Light Rain", "Rain", "Thunderstorms", "Fog", "Snow"]
EVENT_TYPES = ["deploy", "alert", "login", "purchase", "signup", "error", "refund", "shipment"]


def sentence(rnd, n):
    return " ".join(rnd.choice(WORDS) for _ in range(n)).capitalize() + "."


def iso(rnd, year=2026):
    return f"{year}-{rnd.randint(1, 12):02d}-{rnd.randint(1, 28):02d}T{rnd.randint(0, 23):02d}:{rnd.randint(0, 59):02d}:00Z"


def job(rnd, i):
    low = rnd.randint(40, 120) * 1000
    return {
        "id": f"JOB-{rnd.randint(100000, 999999)}",
        "title": " ".join(rnd.choice(WORDS).capitalize() for _ in range(3)),
        "organization": f"Department of {rnd.choice(WORDS).capitalize()}",
        "location": {"city": rnd.choice(CITIES), "state": rnd.choice(STATES), "remote": rnd.random() < 0.3},
        "salary": {"min": low, "max": low + rnd.randint(5, 60) * 1000, "currency": "USD", "period": "year"},
        "posted": iso(rnd), "closes": iso(rnd),
        "summary": sentence(rnd, rnd.randint(20, 45)),
        "qualifications": [sentence(rnd, rnd.randint(6, 14)) for _ in range(rnd.randint(2, 5))],
        "grade": f"GS-{rnd.randint(5, 15)}",
        "url": f"https://jobs.example.org/listing/{i}",
    }


def forecast(rnd, hours):
    start = rnd.randint(-5, 25)
    return {
        "location": {"name": rnd.choice(CITIES), "lat": round(rnd.uniform(30, 60), 4),
                     "lon": round(rnd.uniform(-120, -70), 4), "elevation": rnd.randint(0, 2500)},
        "generated": iso(rnd), "units": {"temperature": "C", "wind": "km/h", "precipitation": "mm"},
        "periods": [{
            "number": h + 1, "start": f"2026-06-{1 + h // 24:02d}T{h % 24:02d}:00:00Z",
            "temperature": round(start + 6 * rnd.random() - 3, 1), "humidity": rnd.randint(20, 100),
            "wind": {"speed": rnd.randint(0, 60), "direction": rnd.choice(["N", "NE", "E", "SE", "S", "SW", "W", "NW"])},
            "precipitation": round(max(0.0, rnd.gauss(0.2, 0.8)), 1), "condition": rnd.choice(CONDITIONS),
        } for h in range(hours)],
    }


def station(rnd, i):
    return {
        "network": rnd.choice(["IU", "US", "CI", "NC", "UW"]), "code": f"S{i:04d}",
        "name": f"{rnd.choice(CITIES)} {rnd.choice(['Ridge', 'Valley', 'Peak', 'Station', 'Observatory'])}",
        "latitude": round(rnd.uniform(-60, 70), 5), "longitude": round(rnd.uniform(-180, 180), 5),
        "elevation": round(rnd.uniform(0, 3000), 1), "start": iso(rnd, rnd.randint(1980, 2020)),
        "channels": [{"code": c, "sampleRate": rnd.choice([20, 40, 100]), "azimuth": rnd.choice([0, 90]),
                      "dip": rnd.choice([0, -90]), "sensor": rnd.choice(["STS-2", "CMG-3T", "Trillium 120"])}
                     for c in rnd.sample(["BHZ", "BHN", "BHE", "HHZ", "HHN", "HHE", "LHZ"], rnd.randint(1, 4))],
    }


def event(rnd, i):
    return {"id": i, "type": rnd.choice(EVENT_TYPES), "time": iso(rnd),
            "actor": {"user": f"user{rnd.randint(1, 5000)}", "ip": f"10.{rnd.randint(0, 255)}.{rnd.randint(0, 255)}.{rnd.randint(1, 254)}"},
            "attributes": {"amount": round(rnd.uniform(1, 500), 2), "region": rnd.choice(STATES),
                           "success": rnd.random() < 0.9},
            "message": sentence(rnd, rnd.randint(4, 12))}


def search(rnd, n):
    return {"query": " ".join(rnd.sample(WORDS, 2)), "total": rnd.randint(n, 50000), "page": 1, "pageSize": n,
            "results": [{"rank": r + 1, "score": round(1 - r / (n + 1), 4), "title": sentence(rnd, 6)[:-1],
                         "snippet": sentence(rnd, rnd.randint(15, 30)), "url": f"https://www.example.com/doc/{rnd.randint(1, 10**6)}"}
                        for r in range(n)]}


def status(rnd):
    return {"service": "catalog", "status": "ok", "version": "4.12.1", "uptime": rnd.randint(1000, 10**7),
            "checks": [{"name": n, "status": "ok", "latencyMs": rnd.randint(1, 40)} for n in ["db", "cache", "queue"]],
            "time": iso(rnd)}


DOCUMENTS = [
    # name, root element, seed, builder
    ("status", "status", 1, lambda r: status(r)),
    ("station-single", "stations", 2, lambda r: {"stations": [station(r, 1)]}),
    ("weather-hourly-small", "forecast", 3, lambda r: forecast(r, 6)),
    ("search-results-small", "search", 4, lambda r: search(r, 10)),
    ("events-small", "events", 5, lambda r: {"events": [event(r, i) for i in range(25)]}),
    ("jobs-small", "jobs", 6, lambda r: {"jobs": [job(r, i) for i in range(25)]}),
    ("weather-hourly-week", "forecast", 7, lambda r: forecast(r, 168)),
    ("stations-network", "stations", 8, lambda r: {"stations": [station(r, i) for i in range(250)]}),
    ("search-results-large", "search", 9, lambda r: search(r, 500)),
    ("events-feed", "events", 10, lambda r: {"events": [event(r, i) for i in range(2000)]}),
    ("jobs-large", "jobs", 11, lambda r: {"jobs": [job(r, i) for i in range(750)]}),
]


def to_xml(tag, value, indent=""):
    if isinstance(value, dict):
        inner = "".join(to_xml(k, v, indent + "  ") for k, v in value.items())
        return f"{indent}<{tag}>\n{inner}{indent}</{tag}>\n"
    if isinstance(value, list):
        item = tag[:-1] if tag.endswith("s") else "item"
        inner = "".join(to_xml(item, v, indent + "  ") for v in value)
        return f"{indent}<{tag}>\n{inner}{indent}</{tag}>\n"
    if isinstance(value, bool):
        value = str(value).lower()
    return f"{indent}<{tag}>{escape(str(value))}</{tag}>\n"


def render():
    files = {}
    for name, root, seed, build in DOCUMENTS:
        doc = build(random.Random(seed))
        files[f"{name}.json"] = json.dumps(doc, separators=(",", ":")) + "\n"
        files[f"{name}.xml"] = '<?xml version="1.0" encoding="UTF-8"?>\n' + to_xml(root, doc)
    return files


def main():
    check = "--check" in sys.argv
    files = render()
    OUT.mkdir(exist_ok=True)
    stale = []
    for name, text in sorted(files.items()):
        path = OUT / name
        if check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(name)
        else:
            path.write_text(text, encoding="utf-8")
            print(f"{len(text.encode()):>9}  {name}")
    if check and stale:
        sys.exit("corpus differs from generator output: " + ", ".join(stale))


if __name__ == "__main__":
    main()
