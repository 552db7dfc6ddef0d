// Build step (node): each wheel given is rewritten with its modules compiled to bytecode by
// Pyodide's own Python (the pages' Python), so that the browser imports without compiling.
//   node precompile.mjs <pyodide dir> <out dir> <wheel>...
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, outDir, ...wheels] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: pyodideDir + "/" });
py.runPython(`
import importlib.util, warnings, zipfile

warnings.simplefilter("ignore")     # old escapes in the packages' own tests and docstrings

def compile_wheel(source_path, out_path):
    """The wheel with an unchecked-hash .pyc beside each module (the .py files stay, for
    tracebacks): Python then loads the bytecode without compiling or checking the source."""
    source = zipfile.ZipFile(source_path)
    with zipfile.ZipFile(out_path, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            raw = source.read(info)
            target.writestr(info, raw)
            if info.filename.endswith(".py") and ".data/" not in info.filename \\
                    and "/tests/" not in info.filename:
                try:
                    code = compile(raw, info.filename, "exec", dont_inherit=True)
                except SyntaxError:
                    continue
                pyc = importlib._bootstrap_external._code_to_hash_pyc(
                    code, importlib.util.source_hash(raw), checked=False)
                target.writestr(importlib.util.cache_from_source(info.filename), bytes(pyc))
`);
const compileWheel = py.globals.get("compile_wheel");
for (const wheel of wheels) {
  py.FS.writeFile("/tmp/in.whl", new Uint8Array(fs.readFileSync(wheel)));
  compileWheel("/tmp/in.whl", "/tmp/out.whl");
  fs.writeFileSync(path.join(outDir, path.basename(wheel)), py.FS.readFile("/tmp/out.whl"));
}
