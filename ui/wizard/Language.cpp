// SPDX-License-Identifier: GPL-3.0-or-later
#include "Language.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

using namespace Qt::StringLiterals;

namespace cw {

namespace {

const auto kSettingsKey = u"language"_s;
QString g_installed = u"en"_s; // what installTranslators put in place last

// Built-in translations besides the English the sources are written in.
const QList<Language> &builtIn()
{
    static const QList<Language> languages{{u"en"_s, u"English"_s}, {u"zh_CN"_s, u"简体中文"_s}};
    return languages;
}

bool isBuiltIn(const QString &code)
{
    for (const Language &language : builtIn()) {
        if (language.code == code)
            return true;
    }
    return false;
}

} // namespace

QList<Language> availableLanguages()
{
    QList<Language> languages{{QString(), QCoreApplication::translate("Language", "System")}};
    languages += builtIn();
    return languages;
}

QString chosenLanguage()
{
    const QString code = QSettings().value(kSettingsKey).toString();
    return isBuiltIn(code) ? code : QString();
}

void setChosenLanguage(const QString &code)
{
    QSettings settings;
    if (code.isEmpty())
        settings.remove(kSettingsKey);
    else
        settings.setValue(kSettingsKey, code);
}

QString effectiveLanguage(const QString &override)
{
    if (!override.isEmpty())
        return override;
    if (const QString chosen = chosenLanguage(); !chosen.isEmpty())
        return chosen;
    // "zh_CN" for a Chinese (China) locale, also "zh_CN.UTF-8" from LANG.
    const QString system = QLocale::system().name();
    return isBuiltIn(system) ? system : u"en"_s;
}

bool installTranslators(QCoreApplication &app, const QString &code)
{
    if (!isBuiltIn(code))
        return false;
    // Parented to the application, they live until another language replaces them.
    const QString name = u"cw-translator"_s;
    for (QTranslator *old : app.findChildren<QTranslator *>(name, Qt::FindDirectChildrenOnly)) {
        QCoreApplication::removeTranslator(old);
        delete old;
    }
    g_installed = u"en"_s;
    if (code == u"en"_s)
        return true;
    auto *own = new QTranslator(&app);
    own->setObjectName(name);
    if (!own->load(u":/i18n/clusterwiz_"_s + code + u".qm"_s)) {
        delete own;
        return false;
    }
    QCoreApplication::installTranslator(own);
    g_installed = code;
    auto *qt = new QTranslator(&app);
    qt->setObjectName(name);
    if (qt->load(u"qtbase_"_s + code, QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    else
        delete qt; // Qt's own dialog buttons stay English where the system lacks its file
    return true;
}

QString installedLanguage()
{
    return g_installed;
}

QString translatedInto(const QString &code, const char *context, const char *source)
{
    QTranslator translator;
    if (code == u"en"_s || !isBuiltIn(code) ||
        !translator.load(u":/i18n/clusterwiz_"_s + code + u".qm"_s))
        return QString::fromUtf8(source);
    const QString text = translator.translate(context, source);
    return text.isEmpty() ? QString::fromUtf8(source) : text;
}

} // namespace cw
