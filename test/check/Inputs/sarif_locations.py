# Prints the SARIF run's SRCROOT and each result's artifact location, and
# checks every related location uses the same artifact as its result.
import json, sys
run = json.load(open(sys.argv[1]))["runs"][0]
print("root", run["originalUriBaseIds"]["SRCROOT"]["uri"])
seen = []
for r in run["results"]:
    a = r["locations"][0]["physicalLocation"]["artifactLocation"]
    for rel in r.get("relatedLocations", []):
        if "physicalLocation" in rel:
            assert rel["physicalLocation"]["artifactLocation"] == a, (rel, a)
    key = (a["uri"], a.get("uriBaseId"))
    if key not in seen:
        seen.append(key)
for uri, base in seen:
    print("uri", uri, "base", base)
