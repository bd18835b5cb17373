// A run-panel view of ui/logs: "logs/RankGrid.h" means this file, not one of core/logs.
#pragma once
