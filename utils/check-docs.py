#!/usr/bin/env python3
"""Checks the reference docs that the `asynccopy-doc` target generates from
ODS (DOCS is build/docs):

- Dialects/AsyncCopy.md: every op, attribute and type has a summary, a
  description and an `Example:` with an mlir code block that uses it (the
  op's name, or the attribute's or type's mnemonic); every parameter of an
  attribute or type is described; every enum has a summary and its cases;
- Dialects/AsyncCopyInterfaces.md: every interface has a description;
- *Passes.md: every pass has a summary and a description.

Usage: check-docs.py DOCS
Prints one line per problem and exits 1 if there is any.
"""

import os
import re
import sys

FENCE = re.compile(r"^```(\w*)$")


def sections(text, level):
    """(title, body) of every heading of `level` #s."""
    parts = re.split(r"^%s (.*)$" % ("#" * level), text, flags=re.MULTILINE)
    return list(zip(parts[1::2], parts[2::2]))


def prose(body):
    """The description: paragraphs outside code blocks and tables that are
    not the generator's own (summary, syntax, trait and table headings)."""
    lines, fenced = [], False
    for line in body.splitlines():
        if FENCE.match(line.strip()):
            fenced = not fenced
            continue
        text = line.strip()
        if fenced or not text or text.startswith(("#", "|", "<", "_")):
            continue
        if re.match(r"(Syntax|Traits|Interfaces|Effects|Example|NOTE):", text):
            continue
        lines.append(text)
    return lines


def examples(body):
    """The mlir code blocks that follow an `Example:` line."""
    blocks, current, armed = [], None, False
    for line in body.splitlines():
        text = line.strip()
        if current is not None:
            if text == "```":
                blocks.append("\n".join(current))
                current = None
            else:
                current.append(line)
        elif text.startswith("Example"):
            armed = True
        elif armed and text == "```mlir":
            current = []
    return blocks


def mnemonic(title, body):
    match = re.search(r"[#!]asynccopy\.(\w+)", body.split("Example", 1)[0])
    if match:
        return match.group(1)
    name = re.sub(r"(Attr|Type)$", "", title.strip())
    return re.sub(r"(?<!^)([A-Z])", r"_\1", name).lower()


def uses(title, kind, section, block):
    if kind == "Operations":
        return re.search(r"\b%s\b" % re.escape(title.split("`")[1]), block)
    name = re.escape(mnemonic(title, section))
    return re.search(r"([#!]asynccopy\.%s\b|#asynccopy<%s\b)" % (name, name), block)


def check_dialect(path, problems):
    text = open(path).read()
    found = {}
    for kind, body in sections(text, 2):
        for title, section in sections(body, 3):
            found[kind] = found.get(kind, 0) + 1
            where = "%s: %s %s" % (os.path.basename(path), kind.lower(), title)
            if not re.search(r"^_.+_$", section, re.MULTILINE):
                problems.append(where + ": no summary")
            if kind == "Enums":
                if "#### Cases:" not in section:
                    problems.append(where + ": no cases")
                continue
            if not prose(section):
                problems.append(where + ": no description")
            blocks = examples(section)
            if not blocks:
                problems.append(where + ": no `Example:` with an mlir code block")
            elif not any(uses(title, kind, section, b) for b in blocks):
                problems.append(where + ": the example does not use it")
            for row in re.findall(r"^\| (\w+) \| `[^`]*` \|(.*)\|$", section,
                                  re.MULTILINE):
                if not row[1].strip():
                    problems.append(where + ": parameter %s has no description" % row[0])
    for kind in ("Operations", "Attributes", "Types", "Enums"):
        if not found.get(kind):
            problems.append("%s: no %s section" % (os.path.basename(path), kind.lower()))
    return sum(found.values())


def check_described(path, level, problems, summary):
    count = 0
    for title, section in sections(open(path).read(), level):
        if title.startswith("Methods"):
            continue
        count += 1
        where = "%s: %s" % (os.path.basename(path), title)
        if summary and not re.search(r"^_.+_$", section, re.MULTILINE):
            problems.append(where + ": no summary")
        if not prose(section.split("### Methods:")[0]):
            problems.append(where + ": no description")
    if not count:
        problems.append("%s: documents nothing" % os.path.basename(path))
    return count


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    docs = sys.argv[1]
    problems = []
    entries = check_dialect(os.path.join(docs, "Dialects", "AsyncCopy.md"), problems)
    entries += check_described(os.path.join(docs, "Dialects", "AsyncCopyInterfaces.md"),
                               2, problems, summary=False)
    for name in ("AsyncCopyPasses.md", "AsyncCopyConversionPasses.md"):
        entries += check_described(os.path.join(docs, name), 3, problems, summary=True)
    for problem in problems:
        print("check-docs: " + problem)
    print("check-docs: %d entries, %d problems" % (entries, len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
