// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace cw {

// The one way a value reaches a generated YAML file. Both results parse back to exactly `value`
// (tests/unit/tst_exportYaml.cpp reads them with PyYAML), whatever it holds: quotes, `#`, `: `,
// `{}`, `*&!|>`, leading spaces, newlines, control characters, "yes"/"null"/"1e3" look-alikes.

// A double-quoted scalar: `"` and `\` escaped, every character YAML may not hold literally
// (controls, DEL, C1, line separators, BOM, lone surrogates) as an escape.
QString yamlQuote(const QString &value);

// A literal block scalar (`|-` and the lines indented by `indent` spaces) for multi-line text
// such as a script, so that it stays readable; yamlQuote(value) when the text holds anything a
// block cannot carry exactly (a character that needs escaping, a trailing blank or line break,
// a first line that starts with a blank).
QString yamlBlock(const QString &value, int indent);

} // namespace cw
