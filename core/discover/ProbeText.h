// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "discover/FirewallFacts.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace cw {

// Small text tools the probe parsers share: the output of a remote tool may be empty, binary,
// truncated or localised, and must never crash a parser.

// Lines of the output, '\r' removed, so CRLF output reads like LF output.
QStringList probeLines(const QString &text);

// The first non-blank line, trimmed, control and undecodable characters shown as '?', at most
// 160 characters: safe to put in a message.
QString firstLineOf(const QString &text);

// "unrecognised output: <first line>" ("unrecognised output: (empty)" for empty output).
QString unrecognisedOutput(const QString &text);

// "key: value" with any spacing and case in the key: the trimmed value when the line's key,
// whitespace collapsed and lower-cased, equals `key`; nullopt otherwise.
std::optional<QString> valueForKey(const QString &line, QStringView key, QChar separator = u':');

// Whitespace-separated words; "quoted strings" and {braced groups} stay one word each.
QStringList shellishWords(const QString &text);

// A port number, a well-known service name (ssh, http, https, domain) or "a-b" / "a:b"; empty
// when the text is none of these.
std::optional<PortSpan> parsePortSpan(const QString &text);

// A comma separated list of port spans ("22,80,60000:60031", "{ 22, 443 }"); nullopt when
// any element is not a port.
std::optional<std::vector<PortSpan>> parsePortList(const QString &text);

bool spansContain(const std::vector<PortSpan> &spans, int port);

} // namespace cw
