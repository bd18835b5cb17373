// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/TrText.h"

#include <QCoreApplication>
#include <QStringList>

#include <cstring>

namespace cw {
namespace {

bool sameText(const char *a, const char *b)
{
    return a == b || (a && b && std::strcmp(a, b) == 0);
}

// %1..%99 in `pattern` become the rendered arguments; a number with no argument stays as it is.
QString substitute(const QString &pattern, const std::vector<QString> &args)
{
    if (args.empty())
        return pattern;
    QString out;
    out.reserve(pattern.size() + 32);
    const qsizetype size = pattern.size();
    for (qsizetype i = 0; i < size; ++i) {
        const QChar c = pattern[i];
        if (c != u'%' || i + 1 >= size || !pattern[i + 1].isDigit() || pattern[i + 1] == u'0') {
            out += c;
            continue;
        }
        qsizetype end = i + 1;
        int number = 0;
        while (end < size && end < i + 3 && pattern[end].isDigit())
            number = number * 10 + pattern[end++].digitValue();
        if (number >= 1 && number <= static_cast<int>(args.size())) {
            out += args[static_cast<size_t>(number - 1)];
            i = end - 1;
        } else {
            out += c;
        }
    }
    return out;
}

} // namespace

TrText TrText::verbatim(const QString &text)
{
    TrText value;
    value.m_text = text;
    return value;
}

TrText TrText::arg(const TrText &value) const
{
    TrText next = *this;
    next.m_args.push_back(value);
    return next;
}

QString TrText::english() const
{
    return render(false);
}

QString TrText::translated() const
{
    return render(true);
}

QString TrText::render(bool translate) const
{
    std::vector<QString> args;
    args.reserve(m_args.size());
    for (const TrText &arg : m_args)
        args.push_back(arg.render(translate));
    if (m_join) {
        const TrText separator = trText("cw::Text", ", ");
        return QStringList(args.begin(), args.end())
            .join(translate ? separator.translated() : separator.english());
    }
    if (!m_source)
        return substitute(m_text, args);
    const QString pattern =
        translate ? QCoreApplication::translate(m_context, m_source) : QString::fromUtf8(m_source);
    return substitute(pattern, args);
}

bool TrText::operator==(const TrText &other) const
{
    return sameText(m_context, other.m_context) && sameText(m_source, other.m_source) &&
           m_text == other.m_text && m_args == other.m_args && m_join == other.m_join;
}

TrText joinTrTexts(const std::vector<TrText> &pieces)
{
    TrText joined;
    joined.m_join = true;
    joined.m_args = pieces;
    return joined;
}

} // namespace cw
