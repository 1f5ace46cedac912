# The goload image that `goload k8s -image` names: the jar, the launcher and a jlink'd Java runtime on a small base.
# Nothing is compiled here: build the jar and the runtime on the host first (docs/distributed.md, "The image"):
#   mvn -B -q -DskipTests package && scripts/runtime
#   docker build -t "$IMAGE" .            # or --build-arg BASE=<a local Debian image> without a registry
# The launcher is bash, so the base is a slim Debian rather than distroless.
ARG BASE=debian:bookworm-slim
FROM ${BASE}

# scripts/runtime's output: only the modules jdeps lists for the jar, plus scripts/runtime-modules.extra
COPY target/runtime /opt/goload/runtime
# The launcher and the two libraries it sources; without a pom.xml beside scripts/ it runs the prebuilt jar and
# never looks for Maven.
COPY scripts/goload /opt/goload/scripts/goload
COPY scripts/lib/jdk.sh scripts/lib/aot.sh /opt/goload/scripts/lib/
COPY target/goload.jar /opt/goload/target/goload.jar
ENV JAVA_HOME=/opt/goload/runtime

# Both AOT caches (the utility one and the load modes' one) are trained here, by the runtime that will map them: a
# pod must not spend the seconds before the shards' barrier training, nor need a writable filesystem for it. The
# build fails if either cache is missing.
RUN GOLOAD_AOT_TRAIN_TIMEOUT=900 /opt/goload/scripts/goload version \
    && test -s /opt/goload/target/goload.aot && test -s /opt/goload/target/goload-load.aot \
    && rm -f /opt/goload/target/*.log /opt/goload/target/*.lock
# map: use a cache that fits, never train or write one (a missing or stale cache: one line on stderr, run without it)
ENV GOLOAD_AOT=map

# Root, as the JVM images are: the manifests of `goload k8s` set no securityContext, and a shard writes its
# artifacts to the results claim at /results, which most provisioners hand out owned by root. A cluster that
# enforces non-root pods sets runAsUser and an fsGroup that owns the claim; the image needs nothing written
# outside /results and -out.
WORKDIR /tmp
# The manifests set only `args` (a shard's flags; the merge pod's ["merge", ...]): the launcher is the entrypoint.
ENTRYPOINT ["/opt/goload/scripts/goload"]
CMD ["help"]
