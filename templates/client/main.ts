import "./consent.ts";
