// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <type_traits>
#include <vector>

namespace cw {

// Text the core builds for people, kept as a translatable template and its arguments until
// it is shown: english() is what the CLI, JSON, journals and logs print (byte for byte the
// text the core always printed); translated() is what the wizard shows, through the
// translator the wizard installed (the CLI installs none). An argument may itself be a
// TrText, so a list joined from translated pieces translates piece by piece.
//
// Make one with trText(context, source): lupdate reads those calls as QT_TRANSLATE_NOOP
// (ui/CMakeLists.txt), so the source must be a string literal. %1..%99 in the source take the
// arguments in order; a translation may move them.
class TrText {
public:
    TrText() = default;
    TrText(const char *context, const char *source) : m_context(context), m_source(source) {}
    // A value shown as it is in every language (a name, a number, text from a server).
    static TrText verbatim(const QString &text);

    TrText arg(const TrText &value) const;
    TrText arg(const QString &value) const { return arg(verbatim(value)); }
    TrText arg(QStringView value) const { return arg(value.toString()); }
    TrText arg(const char16_t *value) const { return arg(QString::fromUtf16(value)); }
    TrText arg(int value) const { return arg(QString::number(value)); }
    TrText arg(qsizetype value) const { return arg(QString::number(value)); }
    TrText arg(uint value) const { return arg(QString::number(value)); }
    TrText arg(qulonglong value) const { return arg(QString::number(value)); }
    TrText arg(long value) const { return arg(QString::number(value)); }
    TrText arg(unsigned long value) const { return arg(QString::number(value)); }
    // Several arguments at once, as QString::arg(a, b, c).
    template <typename First, typename... Rest>
    requires(sizeof...(Rest) > 0) TrText arg(const First &first, const Rest &...rest)
    const { return arg(first).arg(rest...); }

    QString english() const;
    QString translated() const;
    bool isEmpty() const { return !m_source && m_text.isEmpty() && m_args.empty(); }

    bool operator==(const TrText &other) const;

private:
    QString render(bool translate) const;
    friend TrText joinTrTexts(const std::vector<TrText> &pieces);

    const char *m_context = nullptr;
    const char *m_source = nullptr; // null: m_text is verbatim
    QString m_text;
    std::vector<TrText> m_args;
    bool m_join = false; // the arguments joined by a (translated) ", "
};

inline TrText trText(const char *context, const char *source)
{
    return TrText(context, source);
}

// "a, b, c" of translated pieces (the comma itself translated).
TrText joinTrTexts(const std::vector<TrText> &pieces);

} // namespace cw
