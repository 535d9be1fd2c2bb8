/* scenarios: every scenario the computer players play, for the benchmarks that go through them
 * all (bench_tournament, bench_think); paths from the repository root. */
#ifndef CRIMEA_BENCH_SCENARIOS_H
#define CRIMEA_BENCH_SCENARIOS_H

static const char *const scenarios[] = {
	"data/quad/alma/scenario.json",
	"data/quad/balaclava/scenario.json",
	"data/quad/inkerman/historical.json",
	"data/quad/inkerman/option.json",
	"data/quad/tchernaya/tchernaya.json",
	"data/quad/tchernaya/tchernaya-nonhistorical.json",
	/* after the quad six, so that their tournament rows keep the seeds they had (the seeds
	 * derive from the scenario's place in this list) */
	"data/cotlb/balaclava-2014-scenario.json",
	"data/siege/sevastopol-scenario.json",
};
#define NSCN (int)(sizeof scenarios / sizeof scenarios[0])

#endif
