// --screenshot DIR: renders every page of the main window to DIR/<page>.png once devices are enumerated.
#pragma once
#include <QString>

namespace kt::gui {

class MainWindow;

// Waits (event loop, at most `timeoutMs`) for the enumeration, then grabs each page. Returns a process exit
// code: 0 on success, 1 (message on stderr) when a file cannot be written or enumeration did not finish.
int takeScreenshots(MainWindow& window, const QString& directory, int timeoutMs = 60000);

// --screenshot DIR --screenshot-store FILE: also renders the Results, Fits & Rules and Compare pages over a copy of
// a real store (e.g. docs/examples/, a GPU tuning) to DIR/<page>-store.png, showing `family` ("dgemm"), and the Run
// page (run-store.png) replaying the store's newest run of `family` through the simulated twin of its device: that
// run's candidates over size under the device's bound. Returns a process exit code like takeScreenshots.
int takeStoreScreenshots(MainWindow& window, const QString& directory, const QString& store, const QString& family,
                         int timeoutMs = 60000);

} // namespace kt::gui
