#!/usr/bin/env python3
"""Adds UI strings (key -> (en, hi)) to config/i18n/{en,hi}.json and schemas/config/i18n.schema.json
as one contiguous block. Usage: python3 scripts/dev/add-strings.py strings.py (a file defining S)."""
import json, sys

ns = {}
exec(open(sys.argv[1], encoding='utf-8').read(), ns)
S = ns['S']
for locale, i in (('en', 0), ('hi', 1)):
    path = f'config/i18n/{locale}.json'
    data = json.load(open(path, encoding='utf-8'))
    for key, texts in S.items():
        data['strings'][key] = texts[i]
    json.dump(data, open(path, 'w', encoding='utf-8'), ensure_ascii=False, indent=2)
path = 'schemas/config/i18n.schema.json'
schema = json.load(open(path, encoding='utf-8'))
table = schema['properties']['strings']
for key in S:
    if key not in table['required']:
        table['required'].append(key)
    table['properties'][key] = {'type': 'string', 'minLength': 1, 'description': S[key][0]}
json.dump(schema, open(path, 'w', encoding='utf-8'), ensure_ascii=False, indent=2)
