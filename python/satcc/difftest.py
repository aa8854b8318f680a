"""`python -m satcc.difftest refresh|compare`: the command of the differential tests
against ns-2, kept where users know it; the tool itself is satcc.dev.difftest."""

if __name__ == "__main__":
    from satcc.dev.difftest import main

    raise SystemExit(main())
