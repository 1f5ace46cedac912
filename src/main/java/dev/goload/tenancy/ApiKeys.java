package dev.goload.tenancy;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * API-key helpers: the proxy's key shape {@code qk_<env>_<43 base64url chars>}, its sha256-hex storage form, key
 * generation for synthesized tenants, and masking. A masked key ({@code qk_live_***#1a2b3c4d}) keeps only the
 * environment and the first 8 hex digits of the key's sha256 (safe to print, enough to tell keys apart).
 * Stateless and thread-safe.
 */
public final class ApiKeys {
    /** {@code qk_<env>_<43 base64url>}: 32 random bytes, unpadded base64url. */
    public static final Pattern SHAPE = Pattern.compile("qk_([a-z0-9]+)_([A-Za-z0-9_-]{43})");
    private static final SecureRandom RANDOM = new SecureRandom();

    private ApiKeys() {}

    /** Whether {@code key} has the proxy's key shape. */
    public static boolean wellFormed(String key) {
        return key != null && SHAPE.matcher(key).matches();
    }

    /** A fresh random key {@code qk_<env>_<43 base64url>}. */
    public static String generate(String env) {
        byte[] b = new byte[32];
        RANDOM.nextBytes(b);
        return "qk_" + env + "_" + Base64.getUrlEncoder().withoutPadding().encodeToString(b);
    }

    /** Lower-case sha256 hex of the key's UTF-8 bytes: the only form the proxy stores. */
    public static String sha256Hex(String key) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(md.digest(key.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 unavailable", e);
        }
    }

    /** A printable stand-in for a key: never the key, never a prefix of its secret part. */
    public static String mask(String key) {
        if (key == null || key.isEmpty()) {
            return "<none>";
        }
        var m = SHAPE.matcher(key);
        String env = m.matches() ? "qk_" + m.group(1) + "_" : "";
        return env + "***#" + sha256Hex(key).substring(0, 8);
    }
}
