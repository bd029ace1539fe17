#!/usr/bin/env python3
"""Writes the libFuzzer dictionaries (-dict=FILE) of scripts/fuzz.sh: syntax tokens and the keys
the real files use. Run from Tests/Fuzz after a new config key or control command."""
import glob
import re


def esc(token):
    return '"' + token.replace('\\', '\\\\').replace('"', '\\"').replace('\n', '\\x0A').replace('\r', '\\x0D').replace('\t', '\\x09') + '"'


def write(name, comment, tokens):
    with open(f'Dictionaries/{name}.dict', 'w') as out:
        out.write(f'# {comment} (written by make-dictionaries.py)\n')
        for token in tokens:
            out.write(esc(token) + '\n')


JSON = ['{', '}', '[', ']', ':', ',', '"', '\\u00e9', '\\"', '\\n', '\\ud83d\\ude00', 'true', 'false', 'null',
        '-0', '1e308', '-1e-308', '0.5', '1e300', '  ']
keys = set()
for path in glob.glob('../../Examples/*.json') + glob.glob('../../Examples/*/kiosk.json'):
    keys |= set(re.findall(r'"([a-zA-Z][a-zA-Z0-9]{1,30})"\s*:', open(path).read()))
write('config', 'JSON syntax, then every key the Examples/ configs use', JSON + [f'"{key}":' for key in sorted(keys)])
write('json', 'JSON syntax, the keys and words of control requests and touch scripts', JSON + [f'"{word}"' for word in [
    'id', 'command', 'to', 'events', 'path', 'value', 't', 'phase', 'x', 'y', 'down', 'move', 'up', 'cancel', 'hello',
    'state', 'navigate', 'subscribe', 'unsubscribe', 'reload', 'screenshot', 'blank', 'wake', 'set', 'type', 'text',
    'key', 'scan', 'code', 'device', 'tab', 'shift-tab', 'enter', 'escape', 'backspace', 'delete', 'left', 'right', 'home', 'end']])
write('yaml', 'YAML syntax and the keys of a libinput record file (man libinput-record, FILE FORMAT)', [
    '- ', ': ', '\n', '  ', '[', ']', '{', '}', ',', '#', '---', '...', '&a', '*a', '!!str', '|', '>', '"', "'", '\t',
    '- evdev:\n', 'version: 1\n', 'devices:\n', 'events:\n', 'absinfo:\n', 'codes:\n', 'udev:\n', 'properties:\n',
    'node: ', 'name: ', 'id: ', 'ID_SERIAL=', 'LIBINPUT_CALIBRATION_MATRIX=', '47: ', '53: ', '54: ', '55: ', '57: ',
    '[0, 0, 0, 0, 0]', '[0, 4095, 0, 0, 16]', '-1', '2147483647', '4294967295', '1000000', '999999', '604800'])
write('calibration', 'the calibration file format (Docs/input.md, "Calibration files")', [
    'LIBINPUT_CALIBRATION_MATRIX=', '# device: ', '"', "'", ' ', '\t', '\r\n', '\n', 'nan', 'inf', '-inf', '1e18',
    '-0', '0.001', '1 0 0 0 1 0', '0 1 0 -1 0 1', '1e308', '10', '20'])
write('expression', 'the tokens of a bind expression (Docs/config.md, "Expressions")', [
    '==', '!=', '<=', '>=', '&&', '||', '?', ':', '(', ')', '[', ']', '.', ',', '+', '-', '*', '/', '%', '!', "'", '"',
    '\\', 'true', 'false', 'null', 'state', 'item', 'language', 'scan', 'fixed(', 'number(', 'pad(', 'round(', 'length(',
    '1e308', '-0', '0.5', '1e-308'])
