# GPU machine: what every script of devrun/ runs under, sourced from the
# tree's root (. devrun/env.sh): the runtime bundle (.devbundle/activate),
# the fonts and libraries pack.sh carried, 16 OpenMP threads for the CPU
# rows and verifications, and the CLI as $B. Once per shell: a script that
# calls another (goals.sh, small-sorts.sh) does not stack the paths again.
if [ -z "${WS_DEVRUN_ENV:-}" ]; then
  . .devbundle/activate
  export FONTCONFIG_FILE=$PWD/devrun/fonts/fonts.conf
  export LD_LIBRARY_PATH=$PWD/devrun/lib:$LD_LIBRARY_PATH OMP_NUM_THREADS=16
  export WS_DEVRUN_ENV=1
fi
B=devrun/warpscope-cli
