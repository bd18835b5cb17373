// A planner file that includes the model below it: allowed.
#include "model/Project.h"
