// A model file that includes the planner: the layer check must refuse this tree.
#include "model/Project.h"
#include "plan/Planner.h"
