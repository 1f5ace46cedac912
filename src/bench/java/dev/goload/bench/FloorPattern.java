package dev.goload.bench;

import java.util.Locale;

/**
 * Which thread waits how for the floor's sends (docs/benchmarks-history.md, "Wake-ups per push request", 2026-12-01:
 * is there a pattern without pipelining whose floor is lower than the push loop's?). Every pattern keeps the answers
 * read by a thread blocked in the {@code Selector}, so an answer is seen when it arrives unless that thread is busy
 * writing.
 */
enum FloorPattern {
    /** The push loop's: a sender thread parking precisely until each instant, a reader blocked in select. */
    SPLIT,
    /**
     * The sender parks until the next instant rounded up to a grid of the window, then sends everything due: one
     * wake-up per window instead of per request, each send late by up to the window.
     */
    WINDOW,
    /**
     * The reader, woken by an answer anyway, sends what is due before blocking again; the sender's park covers
     * only the sends no answer came in time for.
     */
    PIGGYBACK,
    /**
     * The Go runtime's netpoller: one thread in {@code epoll_wait} with a timeout to the next send in whole
     * milliseconds (a due instant less than 1 ms away waits 1 ms, as Go's {@code netpoll} rounds), handling every
     * ready answer and every due send on each wake; no sender thread.
     */
    NETPOLL;

    static FloorPattern parse(String s) {
        try {
            return valueOf(s.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown pattern " + s + " (split, window, piggyback, netpoll)");
        }
    }

    String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
