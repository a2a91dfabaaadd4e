#!/usr/bin/env python3
"""Builds and checks the Fortran projects of this folder with a given compiler.

For each project x build system x mode: copies the project to a scratch
folder, builds it with --fc through its unchanged Makefile or CMakeLists.txt,
then runs it (host, host-offload: exit 0 and a line with PASSED) or checks the
device image in the executable (nvptx, amdgpu: built without a GPU).
Prints one line per case and a summary; exits 1 when a case failed.

    test/projects/run_projects.py --fc flang-22 --mode host
    test/projects/run_projects.py --fc build/server/ompx-flang
    test/projects/run_projects.py --fc build/server/ompx-flang --cmake-id

Only the compiler and its flags change between cases: every mode is spelled
as flang's and clang's drivers spell it (see MODES).
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field

HERE = os.path.dirname(os.path.abspath(__file__))
LLVM_BIN = '/usr/lib/llvm-22/bin'


@dataclass
class Project:
    exe: str                 # the program the build makes
    model: str               # 'omp' or 'acc': which -f flag the sources need
    defines: list = field(default_factory=list)
    args: list = field(default_factory=list)


PROJECTS = {
    'stream': Project('stream', 'omp', ['-DUSE_OMP_TARGET']),
    'jacobi': Project('jacobi', 'omp'),
    'declare': Project('declare', 'omp'),
    'acc': Project('acc_pipeline', 'acc'),
}

MODEL_FLAGS = {'omp': '-fopenmp', 'acc': '-fopenacc'}


@dataclass
class Mode:
    targets: list            # target flags after the model flag
    run: bool                # run the program here, else check its image
    triple: str = ''         # the offload image the executable must carry
    arch_option: str = ''    # the option naming the image's arch, if any


MODES = {
    'host': Mode([], True),
    'host-offload': Mode(['-fopenmp-targets=x86_64-pc-linux-gnu'], True,
                         'x86_64-pc-linux-gnu'),
    'nvptx': Mode([], False, 'nvptx64-nvidia-cuda', 'nvptx_arch'),
    'amdgpu': Mode([], False, 'amdgcn-amd-amdhsa', 'amdgpu_arch'),
}

BUILD_SYSTEMS = ('make', 'cmake-ninja', 'cmake-make')

# What Debian's flang-22 cannot build. A case of a plain flang that fails to
# build for one of these reasons is XFAIL, not FAIL; the compiler under test
# (ompx-flang) gets no such allowance.
PLAIN_FLANG_LIMITS = {
    ('acc', 'host'): 'flang-22 cannot translate OpenACC constructs to LLVM IR',
    ('*', 'host-offload'): 'flang-22 cannot link host-offload programs here',
    ('*', 'nvptx'): 'flang-22 has no GPU device runtime here',
    ('*', 'amdgpu'): 'flang-22 has no GPU device runtime here',
}


def is_plain_flang(fc):
    return re.fullmatch(r'flang(-new)?(-\d+)?', os.path.basename(fc)) is not None


def known_limit(fc, project, mode):
    if not is_plain_flang(fc):
        return None
    model = PROJECTS[project].model
    return (PLAIN_FLANG_LIMITS.get((model, mode)) or
            PLAIN_FLANG_LIMITS.get(('*', mode)))


def llvm_tool(name):
    """llvm-NAME-22 from PATH, else LLVM 22's bin folder."""
    found = shutil.which(f'{name}-22')
    if found:
        return found
    path = os.path.join(LLVM_BIN, name)
    if os.access(path, os.X_OK):
        return path
    raise SystemExit(f'run_projects: {name}-22 not found (PATH, {LLVM_BIN})')


def find_libomp():
    """The folder of a libomp.so.5 when no libomp.so is on the linker path."""
    # ompx's own copy (scripts/setup.sh unpacks libomp5-19 instead of
    # installing it) last: a system libomp.so.5 is what plain flang users have.
    own = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__)))), 'build', 'lib', 'ompx', 'runtime', 'llvm-19')
    for folder in ('/usr/lib/x86_64-linux-gnu', '/usr/lib/llvm-22/lib',
                   '/usr/lib/llvm-19/lib', own):
        if os.path.exists(os.path.join(folder, 'libomp.so.5')):
            return os.path.join(folder, 'libomp.so.5')
    return None


def reference_ldflags(fc, scratch):
    """flang-22 links -fopenmp programs with -lomp, and this machine has only
    LLVM 19's libomp.so.5: give plain flang a private folder with a libomp.so
    link. The driver under test must manage without."""
    if not is_plain_flang(fc) or os.path.exists('/usr/lib/x86_64-linux-gnu/libomp.so'):
        return []
    lib = find_libomp()
    if not lib:
        return []
    folder = os.path.join(scratch, 'libomp')
    os.makedirs(folder, exist_ok=True)
    link = os.path.join(folder, 'libomp.so')
    if not os.path.lexists(link):
        os.symlink(lib, link)
    # The program loads the same libomp.so.5 wherever it lies.
    return ['-L' + folder, '-Wl,-rpath,' + os.path.dirname(lib)]


def mode_flags(opts, project, mode):
    """FFLAGS of a case: model, target and the project's defines."""
    spec = MODES[mode]
    targets = list(spec.targets)
    if spec.arch_option:
        targets.append('--offload-arch=' + getattr(opts, spec.arch_option))
    return (opts.base_flags.split() + [MODEL_FLAGS[PROJECTS[project].model]] +
            targets + PROJECTS[project].defines)


class CaseError(Exception):
    def __init__(self, stage, message, log=''):
        super().__init__(message)
        self.stage = stage
        self.log = log


def run_logged(cmd, cwd, timeout, stage, env=None):
    """Runs cmd; returns its combined output, raises CaseError on failure."""
    try:
        proc = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True,
                              errors='replace', timeout=timeout)
    except subprocess.TimeoutExpired as e:
        out = e.output.decode(errors='replace') if isinstance(e.output, bytes) else (e.output or '')
        raise CaseError(stage, f'timed out after {timeout} s: {" ".join(cmd)}', out)
    except OSError as e:
        raise CaseError(stage, f'cannot run {cmd[0]}: {e.strerror}')
    if proc.returncode != 0:
        raise CaseError(stage, f'exit {proc.returncode}: {" ".join(cmd)}', proc.stdout)
    return proc.stdout


def copy_project(project, dest):
    src = os.path.join(HERE, project)
    shutil.copytree(src, dest, ignore=shutil.ignore_patterns(
        'build', '*.o', '*.mod', PROJECTS[project].exe))
    return dest


def build(opts, project, system, fflags, ldflags, workdir, timeout=None):
    """Builds a copy of the project in workdir; returns the executable's path."""
    timeout = timeout or opts.timeout
    exe = PROJECTS[project].exe
    if system == 'make':
        run_logged(['make', f'-j{opts.jobs}', f'FC={opts.fc}',
                    'FFLAGS=' + ' '.join(fflags), 'LDFLAGS=' + ' '.join(ldflags)],
                   workdir, timeout, 'build')
        return os.path.join(workdir, exe)
    generator = {'cmake-ninja': 'Ninja', 'cmake-make': 'Unix Makefiles'}[system]
    build_dir = os.path.join(workdir, 'build')
    run_logged(['cmake', '-S', workdir, '-B', build_dir, '-G', generator,
                '-DCMAKE_Fortran_COMPILER=' + opts.fc,
                '-DCMAKE_Fortran_FLAGS=' + ' '.join(fflags),
                '-DCMAKE_EXE_LINKER_FLAGS=' + ' '.join(ldflags)],
               workdir, timeout, 'configure')
    run_logged(['cmake', '--build', build_dir, '-j', str(opts.jobs)],
               workdir, timeout, 'build')
    if not os.path.exists(os.path.join(build_dir, 'compile_commands.json')):
        raise CaseError('configure', 'no compile_commands.json (CMAKE_EXPORT_COMPILE_COMMANDS)')
    return os.path.join(build_dir, exe)


def check_clean(workdir, project):
    """make clean must leave the folder as the project's sources are."""
    run_logged(['make', 'clean'], workdir, 60, 'clean')
    left = set(os.listdir(workdir)) - set(os.listdir(os.path.join(HERE, project)))
    if left:
        raise CaseError('clean', 'make clean left ' + ', '.join(sorted(left)))


def run_program(opts, project, mode, exe):
    """Runs the program; it must exit 0 and print a line with PASSED."""
    env = dict(os.environ)
    if MODES[mode].triple:
        # An offload program must not fall back to the host without a word.
        env['OMP_TARGET_OFFLOAD'] = 'MANDATORY'
    out = run_logged([exe] + PROJECTS[project].args, os.path.dirname(exe),
                     opts.timeout, 'run', env)
    if not any('PASSED' in line for line in out.splitlines()):
        raise CaseError('run', 'exit 0 but no PASSED line', out)
    return out


def offload_images(exe):
    """The images llvm-objdump --offloading lists, as dicts of their fields."""
    out = run_logged([llvm_tool('llvm-objdump'), '--offloading', exe],
                     os.path.dirname(exe), 120, 'image')
    images = []
    for line in out.splitlines():
        if line.startswith('OFFLOADING IMAGE'):
            images.append({})
        elif images and line.strip():
            key, _, value = line.strip().partition(' ')
            images[-1][key] = value.strip()
    return images


def defined_symbols(path, cwd):
    out = run_logged([llvm_tool('llvm-nm'), '--defined-only', path], cwd, 120, 'image')
    return {line.split()[-1] for line in out.splitlines() if len(line.split()) >= 3}


ENTRY_PREFIXES = ('.offloading.entry.', '.omp_offloading.entry.')


def check_image(opts, mode, exe, image):
    """The executable carries an image for the mode's triple and arch that
    defines every kernel and variable the host registers, and (amdgpu) leaves
    nothing undefined. The image is extracted to the path image. Returns a
    short description."""
    spec = MODES[mode]
    arch = getattr(opts, spec.arch_option) if spec.arch_option else ''
    images = offload_images(exe)
    match = [i for i in images if i.get('triple') == spec.triple and
             (not arch or i.get('arch') == arch)]
    if not match:
        listed = '; '.join(f"{i.get('triple')} {i.get('arch')}" for i in images) or 'none'
        raise CaseError('image', f'no {spec.triple} {arch} image (listed: {listed})')
    keys = f'file={image},triple={spec.triple}' + (f',arch={arch}' if arch else '')
    run_logged([llvm_tool('llvm-offload-binary'), exe, '--image=' + keys],
               os.path.dirname(image), 120, 'image')
    cwd = os.path.dirname(exe)
    host = defined_symbols(exe, cwd)
    entries = sorted(s[len(p):] for s in host for p in ENTRY_PREFIXES
                     if s.startswith(p))
    if not entries:
        raise CaseError('image', 'the executable registers no offload entries')
    device = defined_symbols(image, cwd)
    missing = [e for e in entries if e not in device]
    if missing:
        raise CaseError('image', f'{len(missing)} of {len(entries)} entries not in '
                        f'the {arch or spec.triple} image: ' + ', '.join(missing[:5]))
    if mode == 'amdgpu':
        out = run_logged([llvm_tool('llvm-nm'), '-u', image], cwd, 120, 'image')
        undefined = [l.split()[-1] for l in out.splitlines()
                     if len(l.split()) >= 2 and l.split()[0] == 'U']
        if undefined:
            raise CaseError('image', 'undefined in the image: ' + ', '.join(undefined[:5]))
    kind = match[0].get('kind', '?')
    return f'{kind} {arch or spec.triple} image, {len(entries)} entries defined'


def first_error(log):
    lines = log.splitlines()
    for match in (lambda l: 'error:' in l, lambda l: 'error' in l.lower()):
        for line in lines:
            if match(line):
                return line.strip()[:160]
    return 'no error line in the log'


def failure(opts, project, mode, error):
    """XFAIL for a plain flang's known limit at configure/build, else FAIL."""
    limit = known_limit(opts.fc, project, mode)
    if limit and error.stage in ('configure', 'build'):
        return 'XFAIL', f'{limit} [{first_error(error.log)}]', ''
    return 'FAIL', f'{error.stage}: {error}', error.log


def run_case(opts, project, system, mode, scratch):
    """One case; returns (status, detail, log)."""
    workdir = copy_project(project, os.path.join(scratch, f'{project}-{system}-{mode}'))
    fflags = mode_flags(opts, project, mode)
    ldflags = reference_ldflags(opts.fc, scratch) + opts.ldflags.split()
    times = []
    try:
        start = time.monotonic()
        exe = build(opts, project, system, fflags, ldflags, workdir)
        times.append(f'build {time.monotonic() - start:.1f}s')
        if MODES[mode].run:
            start = time.monotonic()
            run_program(opts, project, mode, exe)
            times.append(f'run {time.monotonic() - start:.1f}s')
            if MODES[mode].triple:
                times.append(check_image(opts, mode, exe, workdir + '.image'))
        else:
            times.append(check_image(opts, mode, exe, workdir + '.image'))
        if system == 'make':
            check_clean(workdir, project)
    except CaseError as e:
        return failure(opts, project, mode, e)
    return 'PASS', ', '.join(times), ''


CMAKE_ID_LISTS = '''cmake_minimum_required(VERSION 3.20)
project(ompx_id Fortran)
message(STATUS "ompx-id compiler-id=${CMAKE_Fortran_COMPILER_ID}")
message(STATUS "ompx-id version=${CMAKE_Fortran_COMPILER_VERSION}")
message(STATUS "ompx-id abi-compiled=${CMAKE_Fortran_ABI_COMPILED}")
try_compile(OMPX_TRY ${CMAKE_BINARY_DIR}/try SOURCES ${CMAKE_SOURCE_DIR}/probe.f90
  CMAKE_FLAGS "-DCMAKE_Fortran_FLAGS=${CMAKE_Fortran_FLAGS}"
              "-DCMAKE_EXE_LINKER_FLAGS=${CMAKE_EXE_LINKER_FLAGS}"
  OUTPUT_VARIABLE OMPX_TRY_OUTPUT)
file(WRITE ${CMAKE_BINARY_DIR}/try_output.txt "${OMPX_TRY_OUTPUT}")
message(STATUS "ompx-id try_compile=${OMPX_TRY}")
'''

CMAKE_ID_PROBE = '''module probe_data
  implicit none
  integer, parameter :: n = 64
contains
  subroutine fill(x)
    real, intent(out) :: x(n)
    integer :: i
    !$omp target teams distribute parallel do map(from: x)
    do i = 1, n
      x(i) = real(i)
    end do
  end subroutine fill
end module probe_data

program probe
  use probe_data, only: n, fill
  implicit none
  real :: x(n)
  call fill(x)
  if (sum(x) /= real(n * (n + 1) / 2)) error stop 1
end program probe
'''


def cmake_id(opts, mode, scratch):
    """CMake identifies --fc as LLVMFlang with the mode's flags, and both its
    own ABI try_compile and one of an OpenMP program with a module pass."""
    src = os.path.join(scratch, f'cmake-id-{mode}')
    os.makedirs(src)
    with open(os.path.join(src, 'CMakeLists.txt'), 'w') as f:
        f.write(CMAKE_ID_LISTS)
    with open(os.path.join(src, 'probe.f90'), 'w') as f:
        f.write(CMAKE_ID_PROBE)
    spec = MODES[mode]
    fflags = opts.base_flags.split() + ['-fopenmp'] + spec.targets
    if spec.arch_option:
        fflags.append('--offload-arch=' + getattr(opts, spec.arch_option))
    ldflags = reference_ldflags(opts.fc, scratch) + opts.ldflags.split()
    generator = 'Ninja' if shutil.which('ninja') else 'Unix Makefiles'
    try:
        out = run_logged(['cmake', '-S', src, '-B', os.path.join(src, 'build'),
                          '-G', generator, '-DCMAKE_Fortran_COMPILER=' + opts.fc,
                          '-DCMAKE_Fortran_FLAGS=' + ' '.join(fflags),
                          '-DCMAKE_EXE_LINKER_FLAGS=' + ' '.join(ldflags)],
                         src, opts.timeout, 'configure')
    except CaseError as e:
        return failure(opts, 'jacobi', mode, e)  # an OpenMP project's limits
    facts = dict(re.findall(r'ompx-id ([a-z_-]+)=(.*)', out))
    problems = []
    if facts.get('compiler-id') != 'LLVMFlang':
        problems.append(f"compiler id {facts.get('compiler-id', '?')!r}, expected 'LLVMFlang'")
    if facts.get('abi-compiled') != 'TRUE':
        problems.append("CMake's ABI try_compile failed")
    if facts.get('try_compile') != 'TRUE':
        problems.append('try_compile of an OpenMP program failed')
        try:
            with open(os.path.join(src, 'build', 'try_output.txt')) as f:
                out += f.read()
        except OSError:
            pass
    if problems:
        # Only a failed link of the probe is a build failure a plain flang may
        # have (its known limits); a wrong identification never is.
        stage = 'build' if len(problems) == 1 and 'try_compile' in problems[0] else 'id'
        return failure(opts, 'jacobi', mode, CaseError(stage, '; '.join(problems), out))
    return 'PASS', f"LLVMFlang {facts.get('version', '?')}, try_compile ok", ''


def print_case(name, status, detail, log, verbose):
    print(f'{status:5} {name}: {detail}', flush=True)
    if log and (status == 'FAIL' or verbose):
        lines = log.rstrip().splitlines()
        for line in lines[-(10**6 if verbose else 25):]:
            print('      | ' + line)


def pick(value, choices, what):
    names = [v for v in value.split(',') if v] if value != 'all' else list(choices)
    unknown = [n for n in names if n not in choices]
    if unknown:
        raise SystemExit(f"run_projects: unknown {what} {', '.join(unknown)} "
                         f"(choose from {', '.join(choices)})")
    return names


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    p.add_argument('--fc', default=os.environ.get('FC') or 'flang-22',
                   help='the Fortran compiler (default $FC, else flang-22)')
    p.add_argument('--projects', default='all', help=f"comma list of {', '.join(PROJECTS)}")
    p.add_argument('--mode', '--modes', dest='modes', default='all',
                   help=f"comma list of {', '.join(MODES)}")
    p.add_argument('--build-systems', default='all',
                   help=f"comma list of {', '.join(BUILD_SYSTEMS)}")
    p.add_argument('--cmake-id', action='store_true',
                   help="only check CMake's identification of --fc (per mode)")
    p.add_argument('--nvptx-arch', default='sm_90')
    p.add_argument('--amdgpu-arch', default='gfx90a')
    p.add_argument('--base-flags', default='-O2', help='flags before the mode\'s (default -O2)')
    p.add_argument('--ldflags', default='',
                   help='extra link flags (LDFLAGS, CMAKE_EXE_LINKER_FLAGS)')
    p.add_argument('-j', '--jobs', type=int, default=2, help='parallel build jobs (default 2)')
    p.add_argument('--timeout', type=int, default=900, help='seconds per step (default 900)')
    p.add_argument('--keep', metavar='DIR', help='build in DIR and keep it')
    p.add_argument('-v', '--verbose', action='store_true', help='print every log')
    opts = p.parse_args(argv)
    opts.projects = pick(opts.projects, PROJECTS, 'project')
    opts.modes = pick(opts.modes, MODES, 'mode')
    opts.build_systems = pick(opts.build_systems, BUILD_SYSTEMS, 'build system')
    if not shutil.which(opts.fc):
        raise SystemExit(f'run_projects: compiler {opts.fc} not found')
    if os.sep in opts.fc:
        opts.fc = os.path.abspath(opts.fc)
    if 'cmake-ninja' in opts.build_systems and not shutil.which('ninja'):
        raise SystemExit('run_projects: cmake-ninja needs ninja on PATH')
    return opts


def main(argv):
    opts = parse_args(argv)
    if opts.keep:
        os.makedirs(opts.keep, exist_ok=True)
        scratch = tempfile.mkdtemp(prefix='run-', dir=opts.keep)
    else:
        scratch = tempfile.mkdtemp(prefix='ompx-projects-')
    counts = {}
    try:
        if opts.cmake_id:
            cases = [(f'cmake-id {m}', lambda m=m: cmake_id(opts, m, scratch))
                     for m in opts.modes]
        else:
            cases = [(f'{p} {s} {m}', lambda p=p, s=s, m=m: run_case(opts, p, s, m, scratch))
                     for p in opts.projects for s in opts.build_systems
                     for m in opts.modes]
        print(f'run_projects: {len(cases)} cases with {opts.fc} in {scratch}', flush=True)
        for name, case in cases:
            status, detail, log = case()
            counts[status] = counts.get(status, 0) + 1
            print_case(name, status, detail, log, opts.verbose)
    finally:
        if not opts.keep:
            shutil.rmtree(scratch, ignore_errors=True)
    summary = ', '.join(f'{counts[s]} {s}' for s in ('PASS', 'XFAIL', 'FAIL') if s in counts)
    print(f'run_projects: {summary}')
    return 1 if counts.get('FAIL') else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
