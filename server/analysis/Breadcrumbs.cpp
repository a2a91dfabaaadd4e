//===- Breadcrumbs.cpp - The breadcrumbs of this process ------------------===//
//
// Defined beside the analysis that writes them, not in the worker that sets
// them: every program that links the analysis (the fuzz targets analyze in
// process) then links its definition too.
//
//===----------------------------------------------------------------------===//

#include "server/analysis/Breadcrumbs.h"

using namespace ompx;

static Breadcrumbs *activeCrumbs = nullptr;
Breadcrumbs *ompx::currentBreadcrumbs() { return activeCrumbs; }
void ompx::setCurrentBreadcrumbs(Breadcrumbs *crumbs) { activeCrumbs = crumbs; }
