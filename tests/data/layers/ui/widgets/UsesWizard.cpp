// A widget that includes a run-panel view and a wizard page above it: both refused. The core's
// logs folder below it is allowed ("logs/LogStore.h" is not a file of ui/logs).
#include "logs/LogStore.h"
#include "logs/RankGrid.h"
#include "model/Project.h"
#include "wizard/ClusterWizard.h"
