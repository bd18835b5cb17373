// A wizard page that includes widgets, run-panel views and the core below it: allowed.
#include "logs/LogStore.h"
#include "logs/RankGrid.h"
#include "model/Project.h"
#include "widgets/ServerTable.h"
