# Warpscope — the two commands of the README:
#   make run    install what is missing, build, start Warpscope
#   make test   install what is missing, build, run every test suite
# Other targets: make build, make sanitize (core, cli and gl suites under
# ASan+UBSan), make fuzz (every parser's libFuzzer harness, FUZZ_TIME
# seconds each; tests/fuzz/), make clean. CUDA_ARCH="75 90" picks the GPU
# architectures.

BUILD      ?= build
ASAN_BUILD ?= build-asan
FUZZ_BUILD ?= build-fuzz
FUZZ_TIME  ?= 60
FUZZ_JOBS  ?= 1
# The harnesses make fuzz runs (names of tests/fuzz/corpus/*); empty: all.
FUZZ       ?=
CUDA_HOME  ?= /usr/local/cuda
CUDA_ARCH  ?=
MESON_ARGS ?=

# render --video: GStreamer and its encoders (VP8 and WebM, MP4: good;
# x264: ugly), and libav's decoders, with which the tests read the files back.
MEDIA_DEPS := libgstreamer1.0-dev libgstreamer-plugins-base1.0-dev gstreamer1.0-plugins-base \
        gstreamer1.0-plugins-good gstreamer1.0-plugins-ugly gstreamer1.0-libav

# Debian packages the build and tests need (checked one by one; only the
# missing ones are installed).
DEPS := gcc g++ make meson ninja-build pkg-config python3 libglib2.0-dev libjson-glib-dev libcairo2-dev \
        fonts-dejavu-core libepoxy-dev libegl1 libegl-mesa0 libgl1-mesa-dri libopengl0 \
        libgtk-4-dev libgtksourceview-5-dev libadwaita-1-dev xvfb xauth desktop-file-utils appstream \
        $(MEDIA_DEPS)

# make fuzz: clang and its libFuzzer and sanitizer runtimes.
FUZZ_DEPS := clang libclang-rt-14-dev

SUDO := $(shell [ "$$(id -u)" -ne 0 ] && command -v sudo >/dev/null && echo sudo)

# meson finds nvcc through PATH (and $$NVCC) when the toolkit is installed.
export PATH := $(CUDA_HOME)/bin:$(PATH)
ifneq ($(wildcard $(CUDA_HOME)/bin/nvcc),)
export NVCC := $(CUDA_HOME)/bin/nvcc
endif

comma := ,
empty :=
space := $(empty) $(empty)
ARCH_ARG := $(if $(strip $(CUDA_ARCH)),-Dcuda-arch=$(subst $(space),$(comma),$(strip $(CUDA_ARCH))))

.PHONY: all deps build run test test-slurm sanitize fuzz clean

all: build

# $(call install-missing,PACKAGES): apt-get installs those not installed.
define install-missing
	@missing=""; \
	for p in $(1); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	fi
endef

deps:
	$(call install-missing,$(DEPS))

$(BUILD)/build.ninja:
	meson setup $(BUILD) $(ARCH_ARG) $(MESON_ARGS)

build: deps $(BUILD)/build.ninja
	ninja -C $(BUILD)

# The application finds its settings schema in the build tree (data/). With
# no display (a server, CI) it says so and shows the CLI's demo instead.
run: build
	@if [ -n "$$DISPLAY$$WAYLAND_DISPLAY" ]; then \
	  GSETTINGS_SCHEMA_DIR=$(CURDIR)/$(BUILD)/data $(BUILD)/app/ui/warpscope; \
	else \
	  echo "No display here (DISPLAY and WAYLAND_DISPLAY are unset): showing the CLI demo instead of the window."; \
	  $(BUILD)/app/cli/warpscope-cli demo; \
	fi

test: build
	@python3 tests/run-suites.py $(BUILD)

# bench --slurm against a real single-node Slurm on localhost, daemons of
# its own, as root. `make test` runs it too (suite slurm) where Slurm and
# munge are installed, but does not install them: on a host with systemd
# their packages start system services. Status 77 where the cluster cannot
# start here, with the reason.
SLURM_DEPS := slurmctld slurmd slurm-client munge

test-slurm: build
	$(call install-missing,$(SLURM_DEPS))
	tests/slurm/run-slurm.sh $(BUILD)

$(ASAN_BUILD)/build.ninja:
	meson setup $(ASAN_BUILD) -Dcuda=disabled -Dbuildtype=debug \
	  -Db_sanitize=address,undefined -Db_lundef=false $(MESON_ARGS)

sanitize: deps $(ASAN_BUILD)/build.ninja
	ninja -C $(ASAN_BUILD)
	@ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:allocator_may_return_null=1 \
	 LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0 \
	 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
	 python3 tests/run-suites.py $(ASAN_BUILD) --suite core --suite cli --suite gl

# Its own build: clang, ASan+UBSan, and libFuzzer's coverage in the whole
# engine (-fsanitize=fuzzer-no-link), which tests/fuzz/meson.build takes as
# the sign to link each harness as a fuzzer. Found inputs land in
# $(FUZZ_BUILD)/fuzz/crashes/; the status is 1 when there are any.
FUZZ_NAMES := $(if $(FUZZ),$(FUZZ),$(notdir $(wildcard tests/fuzz/corpus/*)))

fuzz: deps
	$(call install-missing,$(FUZZ_DEPS))
	@[ -f $(FUZZ_BUILD)/build.ninja ] || CC=clang meson setup $(FUZZ_BUILD) -Dcuda=disabled \
	  -Dui=disabled -Dopenmp=disabled -Dbuildtype=debugoptimized \
	  -Db_sanitize=address,undefined -Db_lundef=false \
	  "-Dc_args=-fsanitize=fuzzer-no-link -fno-sanitize-recover=undefined" $(MESON_ARGS)
	ninja -C $(FUZZ_BUILD) $(addprefix tests/fuzz/fuzz-,$(FUZZ_NAMES))
	tests/fuzz/run-fuzz.sh $(FUZZ_BUILD) $(FUZZ_TIME) $(FUZZ_JOBS) $(FUZZ_NAMES)

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(FUZZ_BUILD)
