// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The wizard's language: the system locale's unless the user chose one (kept in QSettings under
// "language"; "" follows the system). Translations are Qt Linguist files built into the program
// (ui/translations/*.ts -> :/i18n/*.qm); Qt's own strings (dialog buttons) come from Qt's
// qtbase_*.qm where the system has them. The wizard shows a new choice at once by making its
// pages anew (ClusterWizard::switchLanguage), as they build their text once.

#include <QList>
#include <QString>

class QCoreApplication;

namespace cw {

struct Language {
    QString code; // "" for the system's, else "en", "zh_CN"
    QString name; // in its own language: "English", "简体中文"
};

QList<Language> availableLanguages(); // the system's first, then every built-in one

QString chosenLanguage();                    // from QSettings; "" = the system's
void setChosenLanguage(const QString &code); // "" = follow the system again

// The language to use now: `override` when not empty (--language), else the chosen one, else the
// system locale's when a translation for it is built in, else "en".
QString effectiveLanguage(const QString &override = {});

// Installs the translators for `code` on `app` (nothing for "en"), replacing those of the
// language before. False when `code` names a language that is not built in.
bool installTranslators(QCoreApplication &app, const QString &code);
QString installedLanguage(); // the language shown now: the last one installed, "en" before any

// `source` of `context` in language `code`, whatever language is installed now (English where
// `code` has no translation of it): for a notice the user must read in the language just chosen.
QString translatedInto(const QString &code, const char *context, const char *source);

} // namespace cw
