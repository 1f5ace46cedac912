package dev.goload.modes.provision;

/** A database step failed; the message never contains an API key (keys are generated server-side). */
public final class ProvisionException extends Exception {
    public ProvisionException(String message) {
        super(message);
    }
}
