// SPDX-License-Identifier: GPL-3.0-or-later
#include "logs/LossParser.h"

#include <charconv>
#include <cmath>

namespace cw {

namespace {

bool isWordChar(QChar c)
{
    const char16_t u = c.unicode();
    return (u >= u'a' && u <= u'z') || (u >= u'A' && u <= u'Z') || (u >= u'0' && u <= u'9') ||
           u == u'_';
}

char16_t lower(QChar c)
{
    const char16_t u = c.unicode();
    return (u >= u'A' && u <= u'Z') ? char16_t(u + 32) : u;
}

// Case-insensitive ASCII search for `needle` (lowercase) from `from`; -1 when absent.
qsizetype findWord(QStringView text, QStringView needle, qsizetype from)
{
    const qsizetype last = text.size() - needle.size();
    for (qsizetype i = from; i <= last; ++i) {
        qsizetype k = 0;
        while (k < needle.size() && lower(text[i + k]) == needle[k].unicode())
            ++k;
        if (k == needle.size())
            return i;
    }
    return -1;
}

bool equalsLower(QStringView text, QStringView lowerWord)
{
    if (text.size() != lowerWord.size())
        return false;
    for (qsizetype i = 0; i < text.size(); ++i)
        if (lower(text[i]) != lowerWord[i].unicode())
            return false;
    return true;
}

qsizetype skipSpaces(QStringView text, qsizetype at)
{
    while (at < text.size() && (text[at] == u' ' || text[at] == u'\t'))
        ++at;
    return at;
}

// After a key word ends at `at`: an optional closing quote, then `=`, `:`, `is` or plain spaces.
// Returns where the value starts, or -1 when no separator follows.
qsizetype skipSeparator(QStringView text, qsizetype at)
{
    if (at < text.size() && (text[at] == u'\'' || text[at] == u'"'))
        ++at;
    const qsizetype afterSpaces = skipSpaces(text, at);
    if (afterSpaces < text.size()) {
        const QChar c = text[afterSpaces];
        if (c == u'=' || c == u':')
            return skipSpaces(text, afterSpaces + 1);
        if (afterSpaces > at && text.size() - afterSpaces >= 3 &&
            equalsLower(text.sliced(afterSpaces, 2), u"is") && text[afterSpaces + 2] == u' ')
            return skipSpaces(text, afterSpaces + 3);
    }
    return afterSpaces > at ? afterSpaces : -1;
}

// The number at `at` (ASCII only), which must not run into a word ("0.5abc" is no number).
std::optional<double> numberAt(QStringView text, qsizetype at)
{
    if (text.size() - at > 7 && equalsLower(text.sliced(at, 7), u"tensor("))
        at += 7;
    char buffer[64];
    int n = 0;
    while (at + n < text.size() && n < int(sizeof buffer)) {
        const char16_t u = text[at + n].unicode();
        if (!((u >= u'0' && u <= u'9') || u == u'.' || u == u'-' || u == u'+' || u == u'e' ||
              u == u'E'))
            break;
        buffer[n] = char(u);
        ++n;
    }
    double value = 0;
    const auto [end, ec] = std::from_chars(buffer, buffer + n, value);
    if (ec != std::errc() || end == buffer)
        return std::nullopt;
    const qsizetype next = at + (end - buffer);
    if (next < text.size() && isWordChar(text[next]))
        return std::nullopt;
    if (!std::isfinite(value))
        return std::nullopt;
    return value;
}

// The start of the identifier that ends just before `end`.
qsizetype wordStart(QStringView text, qsizetype end)
{
    while (end > 0 && isWordChar(text[end - 1]))
        --end;
    return end;
}

std::optional<int> findStep(QStringView line)
{
    static constexpr QStringView keys[] = {u"step", u"iter"};
    for (QStringView key : keys) {
        for (qsizetype at = findWord(line, key, 0); at >= 0; at = findWord(line, key, at + 1)) {
            qsizetype end = at + key.size();
            while (end < line.size() && isWordChar(line[end]))
                ++end;
            const QStringView word = line.sliced(wordStart(line, at), end - wordStart(line, at));
            if (!equalsLower(word, u"step") && !equalsLower(word, u"global_step") &&
                !equalsLower(word, u"iter") && !equalsLower(word, u"iteration"))
                continue;
            qsizetype value = skipSeparator(line, end);
            if (value < 0 || value >= line.size() || !line[value].isDigit())
                continue;
            qint64 step = 0;
            while (value < line.size() && line[value].unicode() >= u'0' &&
                   line[value].unicode() <= u'9' && step < 1'000'000'000)
                step = step * 10 + (line[value++].unicode() - u'0');
            if (step < 1'000'000'000)
                return int(step);
        }
    }
    return std::nullopt;
}

} // namespace

std::optional<LossPoint> parseLoss(QStringView line)
{
    for (qsizetype at = findWord(line, u"loss", 0); at >= 0; at = findWord(line, u"loss", at + 1)) {
        const qsizetype end = at + 4;
        if (end < line.size() && isWordChar(line[end]))
            continue; // "losses", "loss_scale"
        const QStringView word = line.sliced(wordStart(line, at), end - wordStart(line, at));
        if (!equalsLower(word, u"loss") && !equalsLower(word, u"train_loss") &&
            !equalsLower(word, u"training_loss"))
            continue; // val_loss, eval_loss, ...: not the training loss
        const qsizetype value = skipSeparator(line, end);
        if (value < 0)
            continue;
        if (const std::optional<double> loss = numberAt(line, value))
            return LossPoint{findStep(line).value_or(-1), *loss};
    }
    return std::nullopt;
}

} // namespace cw
