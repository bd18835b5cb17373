// A core file that includes a widget: the layer check must refuse this tree.
#include "model/Project.h"
#include "widgets/ServerTable.h"
