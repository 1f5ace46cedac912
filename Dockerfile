# RECONSTRUCTED: this file was overwritten by mistake by a second helper working in this same worktree at
# 00:25 UTC; its instructions below are rebuilt from `docker history goload:dev` (the ARG default and every comment
# of the original are lost). Check and restore the comments, then delete these three lines.
ARG BASE=debian:bookworm-slim
FROM ${BASE}
COPY target/runtime /opt/goload/runtime
COPY scripts/goload /opt/goload/scripts/goload
COPY scripts/lib/jdk.sh scripts/lib/aot.sh /opt/goload/scripts/lib/
COPY target/goload.jar /opt/goload/target/goload.jar
ENV JAVA_HOME=/opt/goload/runtime
RUN GOLOAD_AOT_TRAIN_TIMEOUT=900 /opt/goload/scripts/goload version \
    && test -s /opt/goload/target/goload.aot && test -s /opt/goload/target/goload-load.aot \
    && rm -f /opt/goload/target/*.log /opt/goload/target/*.lock
ENV GOLOAD_AOT=map
USER 65532:65532
WORKDIR /tmp
ENTRYPOINT ["/opt/goload/scripts/goload"]
CMD ["help"]
