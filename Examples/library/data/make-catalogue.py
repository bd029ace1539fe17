#!/usr/bin/env python3
"""Writes catalogue.json: 10,000 made-up titles for the library example (Examples/library).

Deterministic (a fixed seed), so the file in the repository is what this prints. A few titles
carry the accents and letters a search must fold ("muse" finds "Musée", "strasse" finds
"Straße"); the rest are combinations of plain words, authors and shelf marks.
"""
import json
import random

random.seed(32)
adjectives = ["Silent", "Northern", "Hidden", "Golden", "Last", "Winter", "Distant", "Painted", "Lost", "Quiet", "Broken",
              "Bright", "Ancient", "Summer", "Salt", "Iron", "Paper", "Glass", "Little", "Wild"]
nouns = ["Harbour", "Garden", "Letters", "River", "Lighthouse", "Orchard", "Atlas", "Island", "Archive", "Station", "Forest",
         "Kingdom", "Bridge", "Clockmaker", "Observatory", "Ferry", "Museum", "Mountain", "Library", "Voyage"]
subjects = ["History", "Poetry", "Travel", "Science", "Cooking", "Art", "Music", "Nature", "Children", "Crime"]
first = ["Anna", "Jonas", "Marie", "Lukas", "Sofia", "Elias", "Clara", "Noah", "Ida", "Felix", "Léa", "Björn", "Zoë", "Jörg",
         "Inès", "Matthias", "Agnieszka", "Søren", "Chloé", "Tomás"]
last = ["Berg", "Hansen", "Moreau", "Keller", "Novak", "Lindqvist", "Rossi", "Fischer", "Dubois", "Weiß", "García", "Brontë",
        "Jensen", "Schäfer", "Łukasik", "Müller", "Peters", "Vogel", "Laurent", "Okafor"]
fixed = [
    ("Musée d'Orsay: a visitor's guide", "Anne Léger", "Art"),
    ("Die Hafenstraße", "Jörg Weiß", "History"),
    ("Wuthering Heights", "Emily Brontë", "Fiction"),
    ("Cent ans de solitude", "Gabriel García Márquez", "Fiction"),
    ("Ærø og Marstal", "Søren Jensen", "Travel"),
]
titles = []
for title, author, subject in fixed:
    titles.append({"title": title, "author": author, "subject": subject, "shelf": f"{subject[:3].upper()} {len(titles) + 100}"})
while len(titles) < 10_000:
    subject = random.choice(subjects)
    title = f"The {random.choice(adjectives)} {random.choice(nouns)}"
    if random.random() < 0.3:
        title += f", volume {random.randint(2, 9)}"
    author = f"{random.choice(first)} {random.choice(last)}"
    titles.append({"title": title, "author": author, "subject": subject, "shelf": f"{subject[:3].upper()} {random.randint(100, 999)}"})
with open("catalogue.json", "w", encoding="utf-8") as out:
    json.dump({"titles": titles}, out, ensure_ascii=False, separators=(",", ":"))
    out.write("\n")
