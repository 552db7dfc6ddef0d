// Build step (node): Python with the site's packages installed and imported, saved as a memory
// snapshot that the pages restore instead of starting Python and importing (Pyodide's
// `_makeSnapshot` / `_loadSnapshot`, marked experimental by Pyodide).
//   node snapshot.mjs <settings.json>
// The settings: {"pyodide": folder, "packages": the site-packages folder, "out": folder,
// "modules": [names to import; ?a.b is imported if it is a module, as `from a import b` may
// import a function], "only_imported": [top-level packages of which the pages get only what
// the snapshot holds: IPython's shell and its helpers, never run in a page]}.
// Writes to the "out" folder:
//   snapshot.gz        Python's memory once the modules are imported (gzip)
//   site-packages.gz   the files the pages write into Python's site-packages (gzip): every file
//                      of the packages folder but the bytecode of the modules already imported
//                      (they are in the snapshot) and the "only_imported" packages' modules;
//                      site-packages.json lists them, [path, size]
// The modules that fail to import (they need pandas or matplotlib, which the site has not) are
// skipped; the page says why when a cell needs them.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { pathToFileURL } from "node:url";

const settings = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const { pyodide: pyodideDir, packages: packagesDir, out: outDir, modules } = settings;
const onlyImported = new Set(settings.only_imported);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);

function walk(folder, found = []) {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    entry.isDirectory() ? walk(full, found) : found.push(full);
  }
  return found.sort();
}

const py = await loadPyodide({ indexURL: pyodideDir + "/", _makeSnapshot: true });
const sitePackages = py.runPython("import site; site.getsitepackages()[0]");
const files = walk(packagesDir).map((file) => path.relative(packagesDir, file));
for (const file of files) {
  const target = `${sitePackages}/${file}`;
  py.FS.mkdirTree(path.dirname(target));
  py.FS.writeFile(target, fs.readFileSync(path.join(packagesDir, file)));
}
const report = py.runPython(`
import gc, importlib, json, sys, warnings
warnings.simplefilter("ignore")
skipped = []
for name in json.loads(${JSON.stringify(JSON.stringify(modules))}):
    try:
        importlib.import_module(name.removeprefix("?"))
    except ImportError as error:
        if not name.startswith("?"):        # ?a.b: a.b if it is a module (from a import b)
            skipped.append(f"{name} ({error})")
imported = sorted({getattr(m, "__cached__", None) for m in list(sys.modules.values())} - {None})
gc.collect()
json.dumps({"skipped": skipped, "imported": imported, "count": len(sys.modules)})
`);
const { skipped, imported, count } = JSON.parse(report);
const snapshot = py.makeMemorySnapshot();
const inSnapshot = new Set(imported.map((file) => path.relative(sitePackages, file)));
const shipped = files.filter((file) => !inSnapshot.has(file)
  && !onlyImported.has(file.split("/")[0].replace(/\.py$/, "")));
const blobs = shipped.map((file) => fs.readFileSync(path.join(packagesDir, file)));
fs.writeFileSync(path.join(outDir, "snapshot.gz"), zlib.gzipSync(snapshot, { level: 6 }));
fs.writeFileSync(path.join(outDir, "site-packages.gz"), zlib.gzipSync(Buffer.concat(blobs), { level: 9 }));
fs.writeFileSync(path.join(outDir, "site-packages.json"),
  JSON.stringify({ sitePackages, files: shipped.map((file, i) => [file, blobs[i].length]) }));
console.log(`snapshot: ${count} modules imported, memory ${(snapshot.length / 1e6).toFixed(1)} MB; `
  + `${shipped.length} of ${files.length} files shipped`
  + (skipped.length ? `; not imported (the site has not what they need): ${skipped.join(", ")}` : ""));
process.exit(0);
