print("simctl")
